import { z } from 'zod';
import { pauseRow } from './metrics';

/** The windows of `uptime`, in days ending with the day shown (today: up to now). */
export const UPTIME_WINDOW_DAYS = [7, 30, 90] as const;
/** Hours of the `week` response-time series: the day shown and the 6 days before it. */
export const TREND_WEEK_HOURS = 7 * 24;
/** The percentiles of the response-time series. */
export const TREND_PERCENTILES = [50, 95] as const;

export const uptimeWindow = z.object({
  days: z.number().int(),
  /**
   * Share of the window's observed seconds not down, unrounded: time before the first check, paused
   * time and maintenance time left out, as the day's figure. Null when nothing of it was observed or
   * the window reaches past the plan's history.
   */
  uptime_percent: z.number().nullable(),
  /** False when the window reaches further back than the plan's history (the figure is then null). */
  within_history: z.boolean(),
});

/** p50 and p95 of one prober, one value per hour (ms; null: no successful check that hour). */
export const proberPercentiles = z.object({
  id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  p50: z.array(z.number().nullable()),
  p95: z.array(z.number().nullable()),
});

/**
 * Hourly percentiles per prober over `hours` hours from `from` (a local hour start of the reader's
 * zone: a day's midnight, Tehran's too). Today's day and week end with the local hour now is in: no
 * hour past now.
 */
export const percentileSeries = z.object({
  from: z.string(),
  hours: z.number().int(),
  probers: z.array(proberPercentiles),
});
export type PercentileSeries = z.infer<typeof percentileSeries>;

/**
 * `GET /api/v1/monitors/{id}/metric/trends`: what sits beside a day's figures, apart from the metric
 * answer so that answer stays small. Everything is read from hourly rollups, downtimes, pauses and
 * maintenance spans, never from raw records.
 */
export const metricTrends = z.object({
  fetch_time: z.string(),
  uptime: z
    .array(uptimeWindow)
    .describe(
      "Uptime over 7, 30 and 90 days ending with the day shown; today's end with the hour now is in, " +
        'and today is the day of the time_zone asked for (the UTC day without one).',
    ),
  response_time: z
    .object({ day: percentileSeries, week: percentileSeries })
    .describe(
      'p50 and p95 per hour and prober, estimated from the hourly bucket counts: the rank is found in ' +
        'its bucket and interpolated linearly inside it, so the estimate lies in the same bucket as the ' +
        'true value (off by less than the bucket width: under 125 ms, or within a factor of 2). Above 8 s ' +
        'the value is 8000, a lower bound.',
    ),
  paused: z.array(pauseRow).describe('Spans paused touching the week, newest first.'),
  maintenance: z.array(pauseRow).describe('Maintenance spans touching the week, newest first.'),
});
export type MetricTrends = z.infer<typeof metricTrends>;
