import { z } from 'zod';
import { monitor } from './monitors';
import { BUCKET_COUNT } from './monitors-options';

/** Hours in `last_day_hourly_metrics.apdex_percents`. */
export const HOURLY_APDEX_SLOTS = 24;
/** The longest window one raw-data call may cover (spec §9: four 6-hour segments make the 24-hour chart). */
export const RAW_WINDOW_MAX_HOURS = 6;
/** Only this many leading characters of a custom share link's token identify the monitor (spec §9). */
export const SHARE_TOKEN_LENGTH = 36;

/** One row of the downtimes table: its real start and end, `to_time` null while still down; seconds. */
export const downtimeRow = z.object({
  from_time: z.string(),
  to_time: z.string().nullable(),
  duration: z.number().int(),
  /** What ended it: the monitor working again, or its pause (no "up" alert then); null while ongoing. */
  ended_by: z
    .enum(['recovery', 'pause', 'maintenance'])
    .nullable()
    .describe("What ended it: 'recovery' (alerted), 'pause', or 'maintenance' (a window began; not alerted)."),
  /** Why it began: the failing checks' status or error (a failed assertion names itself); null when not kept. */
  reason: z.string().nullable(),
});

/** A span the monitor was paused (disabled): neither up nor down; `to_time` null while still paused; seconds. */
export const pauseRow = z.object({
  from_time: z.string(),
  to_time: z.string().nullable(),
  duration: z.number().int(),
});

/** One prober's line for the day: phase averages in ms over successful checks (null when none), failures. */
export const proberMetric = z.object({
  id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  connect: z.number().nullable(),
  tls: z.number().nullable(),
  response: z.number().nullable(),
  resolve: z.number().nullable(),
  duration: z.number().nullable(),
  failed: z.number().int(),
});

/** One heat-map day: minutes of downtime (two decimals) and the day's apdex (null without results). */
export const monthlyMetric = z.object({
  downtime_minutes: z.number(),
  apdex_percent: z.number().nullable(),
});

/** Metric / monitor data (spec §3), for one UTC day. Every figure comes from rollups, downtimes and state. */
export const metric = z.object({
  /** HTTP monitors; null for the others. */
  last_status_code: z.number().int().nullable(),
  /** ICMP, TCP and DNS monitors ('OK' or the error); null for HTTP. */
  last_status: z.string().nullable(),
  /** The monitor's current down/up state (the web shows it only when the monitor is enabled). */
  is_down: z.boolean(),
  /**
   * A confirmation round is open: the latest check contradicted the state and every prober is
   * re-checking. With is_down false the monitor reads "Failing, confirming", not up.
   */
  confirming: z.boolean(),
  /**
   * Share of the day's observed seconds not down, unrounded; today runs to now. Time before the
   * first check and paused time are left out; null when none of the day is left.
   */
  uptime_percent: z.number().nullable(),
  /** Downtimes that touch the day, newest first. */
  downtimes: z.array(downtimeRow),
  /** Spans the monitor was paused that touch the day, newest first. */
  paused: z.array(pauseRow),
  maintenance: z
    .array(pauseRow)
    .describe('Maintenance spans touching the day, newest first: neither up nor down (issue 14).'),
  in_maintenance_until: z
    .string()
    .nullable()
    .describe('While a maintenance window covers the time of this answer: when it ends; otherwise null.'),
  last_check_at: z.string().nullable(),
  first_check_at: z.string().nullable(),
  /** When this answer was computed. */
  fetch_time: z.string(),
  last_day_hourly_metrics: z.object({
    /**
     * Where the first hour begins, a local hour of the reader's zone (in Tehran at :30 UTC): a chosen
     * day's midnight; today, 23 hours before the local hour of the last check.
     */
    from_time: z.string(),
    /**
     * Oldest first: one per hour of a chosen day (23, 24 or 25 across a daylight-saving change;
     * never an hour of the next day), or the 24 hours up to the last check.
     */
    apdex_percents: z
      .array(z.number().nullable())
      .min(HOURLY_APDEX_SLOTS - 1)
      .max(HOURLY_APDEX_SLOTS + 1),
    /** The spans paused touching these 24 hours (which reach into the day before): shaded in their chart. */
    paused: z.array(pauseRow),
    /** The maintenance spans begun touching these 24 hours. */
    maintenance: z.array(pauseRow),
  }),
  apdex_percent: z.number().nullable(),
  by_response_time: z.object({
    /** Successful checks per bucket: ≤125 ms, ≤250 ms, ≤500 ms, ≤1 s, ≤2 s, ≤4 s, ≤8 s, above. */
    buckets: z.array(z.number().int()).length(BUCKET_COUNT),
    /** Failed checks. */
    error: z.number().int(),
    /** Mean total duration of successful checks, ms; null without any. */
    average_response_time: z.number().nullable(),
    /** Checks that got a response in under 100,000 ms: every successful check (checks time out long before). */
    under100000: z.number().int(),
  }),
  probers: z.array(proberMetric),
  /** Keyed by ISO day ('2024-03-05'): every day of the last months within the plan's history that has data. */
  monthly_metrics: z.record(z.string(), monthlyMetric),
});
export type Metric = z.infer<typeof metric>;

/** Raw probe record (spec §3). */
export const rawProbeRecord = z.object({
  time: z.string(),
  time_inserted: z.string(),
  /** 1 means success. */
  probe_success: z.union([z.literal(0), z.literal(1)]),
  probe_duration_seconds: z.number(),
  prober_id: z.number().int(),
  /** What the check kept (certificate, DNS answers…), plus `status_code` and `error` when it had them. */
  extra_info: z.record(z.string(), z.unknown()),
});
export type RawProbeRecord = z.infer<typeof rawProbeRecord>;

export const rawMetrics = z.object({ result: z.array(rawProbeRecord) });
export type RawMetrics = z.infer<typeof rawMetrics>;

/**
 * A monitor as a shared link shows it: without the owner's alert channels, groups, request headers
 * and body (they may hold credentials); the terminal command is built without them too.
 */
// The slow-response rule is the owner's alerting setting, like the channels; whether it is slow now is shown.
export const publicMonitor = monitor.omit({
  alert: true,
  labels: true,
  http_headers: true,
  http_body: true,
  http_assertions: true,
  slow_alert: true,
  certificate_expiry_days: true,
  heartbeat: true,
  ping_url: true,
});
export type PublicMonitor = z.infer<typeof publicMonitor>;

/** What the public share calls answer. */
export const sharedMonitor = z.object({ monitor: publicMonitor, metric });
export type SharedMonitor = z.infer<typeof sharedMonitor>;
