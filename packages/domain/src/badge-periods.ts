/**
 * The periods an uptime or response-time badge sums (server module badges), in days, and which of
 * them a plan's history covers. The server reads a period as `[now − days, now)` and answers
 * "no data" when that starts before the plan's history (the start of the UTC day `historyDays`
 * ago), so a period of `d` days is covered exactly when `d ≤ historyDays`, whatever the hour.
 */
export const BADGE_PERIODS = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type BadgePeriod = keyof typeof BADGE_PERIODS;

/** The periods the plan's METRIC_HISTORY_DAYS covers, shortest first; none without history (no plan: 0). */
export const coveredBadgePeriods = (historyDays: number): BadgePeriod[] =>
  (Object.keys(BADGE_PERIODS) as BadgePeriod[]).filter((period) => BADGE_PERIODS[period] <= historyDays);

/** The longest covered period, which the snippets offer first; null when none is covered. */
export const longestBadgePeriod = (historyDays: number): BadgePeriod | null =>
  coveredBadgePeriods(historyDays).at(-1) ?? null;
