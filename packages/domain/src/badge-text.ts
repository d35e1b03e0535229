/**
 * The message and colour of each badge, pure: no clock, no database. Rounding rules (README.md):
 * uptime is floored to two decimals, so a monitor down for one second is never shown as 100 %;
 * the average response time is rounded to whole milliseconds under a second, else to 0.01 s.
 */

export interface BadgeFace {
  message: string;
  color: string;
}

const GREY = 'lightgrey';

/** The live state a status badge shows. */
export type BadgeStatus = 'up' | 'down' | 'confirming' | 'paused' | 'maintenance' | 'no data';

const STATUS_COLORS: Record<BadgeStatus, string> = {
  up: 'brightgreen',
  down: 'red',
  confirming: 'orange',
  paused: GREY,
  maintenance: 'blue',
  'no data': GREY,
};

export const statusFace = (status: BadgeStatus): BadgeFace => ({ message: status, color: STATUS_COLORS[status] });

/** Floors to 2 decimals and drops trailing zeros: 99.9549 → "99.95%", 100 → "100%". */
export function uptimeFace(percent: number | null): BadgeFace {
  if (percent === null) return { message: 'no data', color: GREY };
  const floored = Math.floor(percent * 100 + 1e-9) / 100;
  const color = floored >= 99.9 ? 'brightgreen' : floored >= 99 ? 'green' : floored >= 95 ? 'yellow' : 'red';
  return { message: `${Number(floored.toFixed(2))}%`, color };
}

export function responseTimeFace(averageMs: number | null): BadgeFace {
  if (averageMs === null) return { message: 'no data', color: GREY };
  const message = averageMs < 999.5 ? `${Math.round(averageMs)} ms` : `${Number((averageMs / 1000).toFixed(2))} s`;
  const color = averageMs < 500 ? 'brightgreen' : averageMs < 1000 ? 'green' : averageMs < 2000 ? 'yellow' : 'red';
  return { message, color };
}

/**
 * The certificate badge (issue 17): whole days left of the latest certificate an HTTPS check saw;
 * 30+ brightgreen, 14+ green, 7+ yellow, fewer (or expired) red — the default warning thresholds.
 */
export function certificateFace(daysLeft: number | null): BadgeFace {
  if (daysLeft === null) return { message: 'no data', color: GREY };
  if (daysLeft < 0) return { message: 'expired', color: 'red' };
  const color = daysLeft >= 30 ? 'brightgreen' : daysLeft >= 14 ? 'green' : daysLeft >= 7 ? 'yellow' : 'red';
  return { message: daysLeft === 1 ? '1 day' : `${daysLeft} days`, color };
}
