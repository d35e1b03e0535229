import { type DowntimeInterval, downtimeSecondsIn, effectiveWindow, type TimeWindow } from './downtimes';
import { type Instant, msToSeconds, toMs } from './time';

/**
 * Uptime over a window is time-based: the share of the window's seconds not covered by downtime.
 * The window is [start, end) cut at `now` (so "today" runs to now) and, when given, starts no
 * earlier than `monitoredSince` (the first check), so time before monitoring began is not counted
 * as up. Both the window and the downtime are whole seconds, so the percentage is exact to the
 * second; it is not rounded here — a display rounds it.
 */

export interface UptimeSummary {
  windowSeconds: number;
  downtimeSeconds: number;
  /** null when no second of the window has been observed yet. */
  uptimePercent: number | null;
}

export interface UptimeOptions {
  /** The first check of the monitor; time before it is neither up nor down. */
  monitoredSince?: Instant | null;
}

/** Seconds observed, seconds down and the uptime percentage over the window. */
export function uptimeSummary(
  downtimes: Iterable<DowntimeInterval>,
  window: TimeWindow,
  now: Instant,
  options: UptimeOptions = {},
): UptimeSummary {
  const since = options.monitoredSince;
  const start = since == null ? toMs(window.start) : Math.max(toMs(window.start), toMs(since));
  const observed = { start, end: window.end };
  const bounds = effectiveWindow(observed, now);
  const windowSeconds = bounds ? msToSeconds(bounds.to - bounds.from) : 0;
  if (windowSeconds === 0) return { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null };
  const downtimeSeconds = Math.min(windowSeconds, downtimeSecondsIn(downtimes, observed, now));
  return { windowSeconds, downtimeSeconds, uptimePercent: ((windowSeconds - downtimeSeconds) / windowSeconds) * 100 };
}

/** The uptime percentage over the window, unrounded; null when nothing of it was observed. */
export function uptimePercent(
  downtimes: Iterable<DowntimeInterval>,
  window: TimeWindow,
  now: Instant,
  options: UptimeOptions = {},
): number | null {
  return uptimeSummary(downtimes, window, now, options).uptimePercent;
}
