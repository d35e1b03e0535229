import { type DowntimeInterval, isShortDowntime, mergeDowntimes, type Span, type TimeWindow } from './downtimes';
import { type Instant, msToSeconds, toMs } from './time';

/**
 * The 24-hour uptime timeline of a monitor list item (spec §9): the window split into up, down and
 * unobserved stretches, each placed as a share of the window so a strip can be drawn with widths
 * alone. A downtime under 300 s would be too thin to see, so it is not a stretch but a small mark
 * (spec §9), and the stretch around it stays up.
 *
 * Decisions where the spec is silent:
 * - Time before the first check and time after `now` are 'none': neither up nor down.
 * - Paused time (a disabled monitor, issue 13) is 'paused' over whatever else it covers, and only
 *   once observed: a pause before the first check stays 'none'.
 * - Maintenance time (issue 14) is 'maintenance' the same way, drawn under a pause where both are.
 * - Whether a downtime is short is judged by the part inside the window (what is drawn), so a long
 *   downtime of which only a minute falls inside still gets a visible mark.
 */

export type TimelineStatus = 'up' | 'down' | 'paused' | 'maintenance' | 'none';

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
 * which leaves the whole window 'none') to `now`, down where the downtimes are, paused where the
 * monitor was paused.
 */
export function uptimeTimeline(
  downtimes: Iterable<DowntimeInterval>,
  window: TimeWindow,
  now: Instant,
  monitoredSince: Instant | null,
  paused: Iterable<DowntimeInterval> = [],
  maintenance: Iterable<DowntimeInterval> = [],
): UptimeTimeline {
  const start = toMs(window.start);
  const end = toMs(window.end);
  const length = end - start;
  if (length <= 0) return { segments: [], marks: [] };

  const pieces: Array<{ status: TimelineStatus; from: number; to: number }> = [];
  const marks: TimelineMark[] = [];
  const observedFrom = monitoredSince === null ? end : Math.min(end, Math.max(start, toMs(monitoredSince)));
  const observedTo = Math.max(observedFrom, Math.min(end, toMs(now)));
  pieces.push({ status: 'none', from: start, to: observedFrom });

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
    pieces.push({ status: 'up', from: cursor, to: from }, { status: 'down', from, to });
    cursor = to;
  }
  pieces.push({ status: 'up', from: cursor, to: observedTo }, { status: 'none', from: observedTo, to: end });

  const observed = { start: observedFrom, end: observedTo };
  const pauses = pausedWithin(paused, observed, now);
  const windows = pausedWithin(maintenance, observed, now);
  const drawn = withPauses(withCut(pieces, windows, 'maintenance'), pauses);
  return { segments: placed(drawn, start, length), marks };
}

/** The paused spans (an ongoing one up to `now`), merged and cut to `window`. */
export function pausedWithin(paused: Iterable<DowntimeInterval>, window: TimeWindow, now: Instant): Span[] {
  const start = toMs(window.start);
  const end = toMs(window.end);
  return mergeDowntimes(paused, now)
    .map((span) => ({ from: Math.max(span.from, start), to: Math.min(span.to, end) }))
    .filter((span) => span.to > span.from);
}

type Piece = { status: TimelineStatus; from: number; to: number };

/**
 * The pieces with the paused spans cut out of them and drawn as 'paused' instead, in time order:
 * how every picture of a day shows a pause (the detail's timeline, the public status clock).
 */
export function withPauses<P extends { status: string; from: number; to: number }>(
  pieces: readonly P[],
  pauses: readonly Span[],
): Array<P | { status: 'paused'; from: number; to: number }> {
  return withCut(pieces, pauses, 'paused');
}

/** The pieces with `spans` cut out of them and drawn as `status` instead, in time order. */
export function withCut<P extends { status: string; from: number; to: number }, S extends string>(
  pieces: readonly P[],
  spans: readonly Span[],
  status: S,
): Array<P | { status: S; from: number; to: number }> {
  if (!spans.length) return [...pieces];
  const cut: Array<P | { status: S; from: number; to: number }> = spans.map((span) => ({ status, ...span }));
  for (const piece of pieces) {
    let from = piece.from;
    for (const span of spans) {
      if (span.to <= from || span.from >= piece.to) continue;
      cut.push({ ...piece, from, to: Math.min(span.from, piece.to) });
      from = Math.max(from, span.to);
    }
    cut.push({ ...piece, from, to: piece.to });
  }
  return cut.filter((piece) => piece.to > piece.from).sort((a, b) => a.from - b.from);
}

/** Consecutive pieces of one status joined, each placed as a share of the window. */
function placed(pieces: Piece[], start: number, length: number): TimelineSegment[] {
  const segments: TimelineSegment[] = [];
  for (const { status, from, to } of pieces) {
    if (to <= from) continue;
    const last = segments.at(-1);
    if (last && last.status === status && last.to === from) {
      last.to = to;
      last.width = (to - last.from) / length;
      continue;
    }
    segments.push({ status, from, to, offset: (from - start) / length, width: (to - from) / length });
  }
  return segments;
}
