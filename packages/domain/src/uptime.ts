import { clipDowntimes, type DowntimeInterval, effectiveWindow, type Span, sumMs, type TimeWindow } from './downtimes';
import { type Instant, msToSeconds, toMs } from './time';

/**
 * Uptime over a window is time-based: the share of the observed seconds not covered by downtime.
 *
 *   uptime = (observed − down) / observed, where
 *   observed = [max(window start, first check), min(window end, now)) less the paused spans,
 *   down     = the downtimes inside that window, less any part of them inside a paused span.
 *
 * Time before the first check is no data (neither up nor down), and so is paused time (a disabled
 * monitor, issue 13): neither counts in the percentage. A paused span still open runs to `now`.
 * Seconds are whole, so the percentage is exact to the second; it is not rounded here — a display
 * rounds it.
 */

export interface UptimeSummary {
  /** Seconds observed and not paused. */
  windowSeconds: number;
  downtimeSeconds: number;
  /** null when no second of the window has been observed (unpaused) yet. */
  uptimePercent: number | null;
}

export interface UptimeOptions {
  /** The first check of the monitor; time before it is neither up nor down. */
  monitoredSince?: Instant | null;
  /** Spans the monitor was paused (disabled); `to` null while still paused. Neither up nor down. */
  paused?: Iterable<DowntimeInterval>;
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
  if (!bounds) return { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null };
  const paused = clipDowntimes(options.paused ?? [], observed, now);
  const down = clipDowntimes(downtimes, observed, now);
  const windowSeconds = msToSeconds(bounds.to - bounds.from - sumMs(paused));
  if (windowSeconds <= 0) return { windowSeconds: 0, downtimeSeconds: 0, uptimePercent: null };
  const downtimeSeconds = Math.min(windowSeconds, msToSeconds(sumMs(down) - overlapMs(down, paused)));
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

/** Milliseconds two lists of merged (non-overlapping) spans share. */
function overlapMs(a: readonly Span[], b: readonly Span[]): number {
  let total = 0;
  for (const x of a) {
    for (const y of b) total += Math.max(0, Math.min(x.to, y.to) - Math.max(x.from, y.from));
  }
  return total;
}
