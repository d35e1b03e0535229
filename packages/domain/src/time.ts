/**
 * Instants and calendar arithmetic shared by the domain modules. Every calendar here is UTC:
 * days, hours and months are cut in UTC so a result does not depend on where the code runs.
 * Instants come in as a Date or epoch milliseconds and go out as epoch milliseconds.
 */

/** A point in time: a Date, or milliseconds since the Unix epoch. */
export type Instant = Date | number;

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
/** The rollups' grain: every real zone's midnight and hour fall on a UTC quarter hour (+05:45 is the finest). */
export const QUARTER_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Epoch milliseconds of an instant. */
export function toMs(instant: Instant): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** Milliseconds as whole seconds, rounded to the nearest (half up). */
export function msToSeconds(ms: number): number {
  return Math.round(ms / SECOND_MS);
}

/** 00:00 UTC of the day the instant falls in. */
export function utcDayStart(instant: Instant): number {
  const ms = toMs(instant);
  return ms - mod(ms, DAY_MS);
}

/** The start of the UTC hour the instant falls in. */
export function utcHourStart(instant: Instant): number {
  const ms = toMs(instant);
  return ms - mod(ms, HOUR_MS);
}

/** The start of the UTC quarter hour (:00, :15, :30, :45) the instant falls in: its rollup row. */
export function utcQuarterStart(instant: Instant): number {
  const ms = toMs(instant);
  return ms - mod(ms, QUARTER_MS);
}

/**
 * The rollup rows [from, to) touches, as the span of their quarters: from the quarter `from` is in
 * to the end of the one `to` is in (the rows a rolling window such as the last 24 hours sums).
 */
export function quartersTouching(span: { from: number; to: number }): { from: number; to: number } {
  return { from: utcQuarterStart(span.from), to: utcQuarterStart(span.to) + QUARTER_MS };
}

/** 00:00 UTC on the 1st of the instant's month, moved by `monthsDelta` months (negative goes back). */
export function utcMonthStart(instant: Instant, monthsDelta = 0): number {
  const date = new Date(toMs(instant));
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsDelta, 1);
}

// `%` keeps the sign of the dividend; instants before 1970 still floor to the earlier boundary.
function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
