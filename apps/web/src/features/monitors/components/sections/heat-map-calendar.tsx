import type { Metric } from '@paydar/contracts/metrics';

export type HeatMapCalendarProps = {
  monthlyMetrics: Metric['monthly_metrics'];
  /** Epoch ms of now: the calendar ends with this month. */
  now: number;
  /** Epoch ms of the first day that may be picked (spec §2: 5 Nov 2018 or the monitor's creation). */
  minDay: number;
  /** The UTC day clicked, as epoch ms of its start. */
  onPickDay: (dayStart: number) => void;
};

/** STUB — monthly heat-map calendar, up to 6 months by window width (issue 4 point 4). */
export function HeatMapCalendar(_props: HeatMapCalendarProps) {
  return null;
}
