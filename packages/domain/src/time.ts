/**
 * Instants and calendar arithmetic shared by the domain modules. Every calendar here is UTC:
 * days, hours and months are cut in UTC so a result does not depend on where the code runs.
 * Instants come in as a Date or epoch milliseconds and go out as epoch milliseconds.
 */

/** A point in time: a Date, or milliseconds since the Unix epoch. */
export type Instant = Date | number;

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
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

/** 00:00 UTC on the 1st of the instant's month, moved by `monthsDelta` months (negative goes back). */
export function utcMonthStart(instant: Instant, monthsDelta = 0): number {
  const date = new Date(toMs(instant));
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsDelta, 1);
}

// `%` keeps the sign of the dividend; instants before 1970 still floor to the earlier boundary.
function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
