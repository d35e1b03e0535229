import type { PublicIncidentSummary } from '@paydar/contracts/status-page-incidents';
import { pageDayOf } from './format/dates';

export interface HistoryDay {
  /** The page's day, 'YYYY-MM-DD'. */
  date: string;
  incidents: PublicIncidentSummary[];
}

/**
 * The history grouped by the page's days (the day each incident started, in the page's zone),
 * newest day first, incidents within a day newest first.
 */
export function groupHistoryByDay(history: readonly PublicIncidentSummary[], timeZone: string): HistoryDay[] {
  const byDay = new Map<string, PublicIncidentSummary[]>();
  const sorted = [...history].sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at));
  for (const incident of sorted) {
    const date = pageDayOf(incident.started_at, timeZone);
    const list = byDay.get(date) ?? [];
    list.push(incident);
    byDay.set(date, list);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, incidents]) => ({ date, incidents }));
}
