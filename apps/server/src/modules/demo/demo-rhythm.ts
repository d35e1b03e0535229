/**
 * The demo's day and week: Tehran's clock and the load it puts on the demo's targets, which
 * shapes their latencies (demo-checks.ts) and the heartbeat job's runtime (demo-heartbeat.ts).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Tehran is UTC+03:30 all year (no daylight saving since 2022). */
export const TEHRAN_OFFSET_MS = 3.5 * HOUR_MS;

/** Load on the target, 0 at night to 1 at Tehran's midday, lighter on the weekend (Thursday, Friday). */
export function loadAt(time: number): number {
  // No Date: this runs for each of two million checks. 1970-01-01 was a Thursday (day 4).
  const local = time + TEHRAN_OFFSET_MS;
  const hour = (local % DAY_MS) / HOUR_MS;
  const daily = 0.5 - 0.5 * Math.cos(((hour - 1) / 24) * 2 * Math.PI);
  const weekday = (Math.floor(local / DAY_MS) + 4) % 7;
  return daily * (weekday === 4 || weekday === 5 ? 0.55 : 1);
}
