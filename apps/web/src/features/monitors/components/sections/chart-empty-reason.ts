import type { Metric } from '@paydar/contracts/metrics';

/**
 * Why a chart has nothing to draw, in the words the chart shows; null when it has something. A
 * blank chart with no word is read as "nothing wrong" — the worst reading of a down monitor.
 *
 * In this order: nothing was ever checked; the day had failed checks only (the response-time and
 * phase charts draw successful checks, so a down monitor's are empty); the monitor is paused or in
 * maintenance (now, for today; during the day, for a past day); or the day simply had no check.
 */
export type EmptyReason =
  | 'No checks yet'
  | 'No successful check today'
  | 'No successful check on this day'
  | 'Paused'
  | 'In maintenance'
  | 'No checks today'
  | 'No checks on this day';

export interface EmptyReasonInput {
  /** What the chart would draw (successful checks, or hours with apdex); above 0 it is not empty. */
  shown: number;
  /** The day's checks, successful and failed. */
  checks: number;
  today: boolean;
  /** The monitor ever had a check. */
  everChecked: boolean;
  /** Today: the monitor is switched off now. Past day: it was paused during the day. */
  paused: boolean;
  /** Today: a maintenance window covers now. Past day: one covered part of the day. */
  inMaintenance: boolean;
}

export function emptyReason(input: EmptyReasonInput): EmptyReason | null {
  if (input.shown > 0) return null;
  if (!input.everChecked) return 'No checks yet';
  if (input.checks > 0) return input.today ? 'No successful check today' : 'No successful check on this day';
  if (input.paused) return 'Paused';
  if (input.inMaintenance) return 'In maintenance';
  return input.today ? 'No checks today' : 'No checks on this day';
}

/** The day's facts of a metric answer that every chart's reason starts from. */
export type DayFacts = Omit<EmptyReasonInput, 'shown'>;

export function dayFacts(metric: Metric, options: { today: boolean; enabled: boolean }): DayFacts {
  const successes = metric.by_response_time.buckets.reduce((sum, count) => sum + count, 0);
  return {
    checks: successes + metric.by_response_time.error,
    today: options.today,
    everChecked: metric.first_check_at !== null,
    paused: options.today ? !options.enabled : metric.paused.length > 0,
    inMaintenance: options.today ? metric.in_maintenance_until !== null : metric.maintenance.length > 0,
  };
}

/** Successful checks of the day: what the response-time histogram, the prober and phase charts draw. */
export const successfulChecks = (metric: Pick<Metric, 'by_response_time'>) =>
  metric.by_response_time.buckets.reduce((sum, count) => sum + count, 0);
