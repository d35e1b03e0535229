import type { DemoMonitorSpec } from './demo.catalogue';
import { heartbeatIncidentRule } from './demo-heartbeat';
import { seedOf, uniform } from './demo-random';
import { TEHRAN_OFFSET_MS } from './demo-rhythm';

/**
 * When a demo monitor is down or slow: spans laid on fixed slots of time, each slot's span drawn
 * from the slot's own numbers, so the spans over any range are the same however it is asked for.
 * A span lies inside its slot: the spans overlapping [from, to) come from the slots overlapping it.
 */

export interface Span {
  from: number;
  to: number;
  /** Why, as a check would say it. */
  reason: string;
  statusCode: number | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Spans laid on fixed slots of time: each slot draws its own span, or none. */
export interface SlotRule {
  slotMs: number;
  /** The span of slot `slot`, or null when the slot has none. */
  span(
    seed: number,
    slot: number,
    slotStart: number,
  ): (Omit<Span, 'from' | 'to'> & { offset: number; length: number }) | null;
}

/** Outages: one slot in eleven of 8 hours (about one every four days), 3 minutes to an hour long, mostly short. */
const outageRule: SlotRule = {
  slotMs: 8 * HOUR,
  span(seed, slot) {
    if (uniform(seed, slot, 11) >= 0.09) return null;
    const length = Math.round((3 + 57 * uniform(seed, slot, 12) ** 2) * MINUTE);
    const offset = Math.floor(uniform(seed, slot, 13) * (8 * HOUR - length));
    return uniform(seed, slot, 14) < 0.6
      ? { offset, length, reason: 'HTTP 503', statusCode: 503 }
      : { offset, length, reason: 'Connection timed out', statusCode: null };
  },
};

/** Flapping: down for 40 s to 2.5 minutes in seven 12-minute slots out of ten. */
const flapRule: SlotRule = {
  slotMs: 12 * MINUTE,
  span(seed, slot) {
    if (uniform(seed, slot, 21) >= 0.7) return null;
    const length = Math.round(40_000 + 110_000 * uniform(seed, slot, 22));
    const offset = Math.floor(uniform(seed, slot, 23) * (12 * MINUTE - length));
    return { offset, length, reason: 'Connection refused', statusCode: null };
  },
};

/** Slow: 09:00–13:00 Tehran time, Saturday to Wednesday (the Iranian working week). */
const slowRule: SlotRule = {
  slotMs: 24 * HOUR,
  span(_seed, _slot, slotStart) {
    // Slots are Tehran days: slotStart is a Tehran midnight as UTC ms (see spansIn's shift).
    const weekday = new Date(slotStart + TEHRAN_OFFSET_MS).getUTCDay();
    if (weekday === 4 || weekday === 5) return null;
    return { offset: 9 * HOUR, length: 4 * HOUR, reason: 'Response time above 800 ms', statusCode: null };
  },
};

function spansIn(rule: SlotRule, seed: number, from: number, to: number, shiftMs = 0): Span[] {
  const spans: Span[] = [];
  const first = Math.floor((from + shiftMs) / rule.slotMs);
  const last = Math.floor((to - 1 + shiftMs) / rule.slotMs);
  for (let slot = first; slot <= last; slot++) {
    const slotStart = slot * rule.slotMs - shiftMs;
    const drawn = rule.span(seed, slot, slotStart);
    if (!drawn) continue;
    const span = {
      from: slotStart + drawn.offset,
      to: slotStart + drawn.offset + drawn.length,
      reason: drawn.reason,
      statusCode: drawn.statusCode,
    };
    if (span.to > from && span.from < to) spans.push(span);
  }
  return spans;
}

/** The monitor's downtimes overlapping [from, to), oldest first; none for a steady or slow monitor. */
export function downSpans(spec: DemoMonitorSpec, from: number, to: number): Span[] {
  const seed = seedOf(spec.key);
  if (spec.behaviour === 'outages') return spansIn(outageRule, seed, from, to);
  if (spec.behaviour === 'flapping') return spansIn(flapRule, seed, from, to);
  if (spec.behaviour === 'heartbeat') return spansIn(heartbeatIncidentRule(spec), seed, from, to);
  return [];
}

/** The monitor's slow spans overlapping [from, to), oldest first; only a slow monitor has them. */
export function slowSpans(spec: DemoMonitorSpec, from: number, to: number): Span[] {
  if (spec.behaviour !== 'slow') return [];
  return spansIn(slowRule, seedOf(spec.key), from, to, TEHRAN_OFFSET_MS);
}

/** The span holding `time`, if any. */
export const spanAt = (spans: readonly Span[], time: number): Span | undefined =>
  spans.find((span) => span.from <= time && time < span.to);

/**
 * spanAt for times asked in increasing order, in constant time per ask: a flapping monitor has
 * thousands of spans over 90 days, and each of its checks asks.
 */
export function spanCursor(spans: readonly Span[]): (time: number) => Span | undefined {
  let index = 0;
  return (time) => {
    while (index < spans.length && (spans[index]?.to ?? 0) <= time) index++;
    const span = spans[index];
    return span && span.from <= time ? span : undefined;
  };
}
