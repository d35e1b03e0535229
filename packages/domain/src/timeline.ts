import { type DowntimeInterval, isShortDowntime, mergeDowntimes, type TimeWindow } from './downtimes';
import { type Instant, msToSeconds, toMs } from './time';

/**
 * The 24-hour uptime timeline of a monitor list item (spec §9): the window split into up, down and
 * unobserved stretches, each placed as a share of the window so a strip can be drawn with widths
 * alone. A downtime under 300 s would be too thin to see, so it is not a stretch but a small mark
 * (spec §9), and the stretch around it stays up.
 *
 * Decisions where the spec is silent:
 * - Time before the first check and time after `now` are 'none': neither up nor down.
 * - Whether a downtime is short is judged by the part inside the window (what is drawn), so a long
 *   downtime of which only a minute falls inside still gets a visible mark.
 */

export type TimelineStatus = 'up' | 'down' | 'none';

export interface TimelineSegment {
  status: TimelineStatus;
  /** Epoch ms. */
  from: number;
  /** Epoch ms. */
  to: number;
  /** Share of the window before the segment, 0..1. */
  offset: number;
  /** Share of the window the segment covers, 0..1. */
  width: number;
}

export interface TimelineMark {
  /** Epoch ms of the short downtime's middle. */
  at: number;
  /** Share of the window before the mark, 0..1. */
  offset: number;
  /** Seconds of the downtime inside the window. */
  seconds: number;
}

export interface UptimeTimeline {
  /** Consecutive, non-overlapping, covering the whole window, oldest first. */
  segments: TimelineSegment[];
  /** Short downtimes, oldest first. */
  marks: TimelineMark[];
}

/**
 * The timeline of `window`: up from `monitoredSince` (the first check; null when never checked,
 * which leaves the whole window 'none') to `now`, down where the downtimes are.
 */
export function uptimeTimeline(
  downtimes: Iterable<DowntimeInterval>,
  window: TimeWindow,
  now: Instant,
  monitoredSince: Instant | null,
): UptimeTimeline {
  const start = toMs(window.start);
  const end = toMs(window.end);
  const length = end - start;
  if (length <= 0) return { segments: [], marks: [] };

  const segments: TimelineSegment[] = [];
  const marks: TimelineMark[] = [];
  const push = (status: TimelineStatus, from: number, to: number) => {
    if (to <= from) return;
    const last = segments.at(-1);
    if (last && last.status === status && last.to === from) {
      last.to = to;
      last.width = (to - last.from) / length;
      return;
    }
    segments.push({ status, from, to, offset: (from - start) / length, width: (to - from) / length });
  };

  const observedFrom = monitoredSince === null ? end : Math.min(end, Math.max(start, toMs(monitoredSince)));
  const observedTo = Math.max(observedFrom, Math.min(end, toMs(now)));
  push('none', start, observedFrom);

  let cursor = observedFrom;
  for (const span of mergeDowntimes(downtimes, now)) {
    const from = Math.max(span.from, observedFrom);
    const to = Math.min(span.to, observedTo);
    if (to <= from) continue;
    const seconds = msToSeconds(to - from);
    if (isShortDowntime(seconds)) {
      const at = from + (to - from) / 2;
      marks.push({ at, offset: (at - start) / length, seconds });
      continue;
    }
    push('up', cursor, from);
    push('down', from, to);
    cursor = to;
  }
  push('up', cursor, observedTo);
  push('none', observedTo, end);
  return { segments, marks };
}
