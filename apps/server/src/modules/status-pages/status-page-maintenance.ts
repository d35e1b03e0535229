import {
  type PublicMaintenance,
  type publicPageMaintenance,
  STATUS_PAGE_MAINTENANCE_AHEAD_DAYS,
} from '@paydar/contracts/status-page-subscribers';
import { spansWithin } from '@paydar/domain/maintenance';
import { DAY_MS } from '@paydar/domain/time';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { listWindows, type WindowRow } from '../maintenance/maintenance.repository';
import { scheduleOf } from '../maintenance/maintenance-schedule';
import type { StatusPageRow } from './status-pages.repository';

/**
 * Maintenance on the public page (issue 16, item 3): the occurrences of the owner's windows that
 * cover at least one monitor on the page, going on at `now` and starting within
 * STATUS_PAGE_MAINTENANCE_AHEAD_DAYS, soonest first, each naming the page's monitors it covers by
 * their public names. Only the page owner's windows are read (a window covers only its owner's
 * monitors anyway). Weekly windows are expanded here — at most 50 windows, once per answer version
 * and 30-second tick, never per visit.
 *
 * `coveredNow` holds the page's monitors an occurrence going on covers: their status is maintenance
 * even when their span starts later than `now`. The answer is computed at the start of its
 * 30-second tick, and a window made (or edited) mid-tick writes its spans from that moment, so
 * without this the list would say "maintenance in progress" above a monitor and a banner that do
 * not, until the next tick.
 */
export async function pageMaintenance(
  db: Database,
  page: Pick<StatusPageRow, 'userId' | 'sections'>,
  now: number,
): Promise<{ lists: z.infer<typeof publicPageMaintenance>; coveredNow: ReadonlySet<number> }> {
  const names = new Map<number, string>();
  for (const section of page.sections)
    for (const entry of section.monitors) names.set(entry.monitorId, entry.publicName);
  const coveredNow = new Set<number>();
  if (!names.size) return { lists: { maintenance_now: [], maintenance_scheduled: [] }, coveredNow };
  const windows = (await listWindows(db, page.userId)).filter((window) => window.monitors.some((id) => names.has(id)));
  const occurrences = windows.flatMap((window) => {
    const each = occurrencesOf(window, names, now);
    if (each.some((occurrence) => Date.parse(occurrence.starts_at) <= now))
      for (const id of window.monitors) if (names.has(id)) coveredNow.add(id);
    return each;
  });
  occurrences.sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.title.localeCompare(b.title));
  return {
    lists: {
      maintenance_now: occurrences.filter((occurrence) => Date.parse(occurrence.starts_at) <= now),
      maintenance_scheduled: occurrences.filter((occurrence) => Date.parse(occurrence.starts_at) > now),
    },
    coveredNow,
  };
}

/** The window's occurrences not over at `now` and starting within the days ahead (what was ended early left out). */
function occurrencesOf(window: WindowRow, names: ReadonlyMap<number, string>, now: number): PublicMaintenance[] {
  const affected = window.monitors.flatMap((id) => names.get(id) ?? []);
  const horizon = now + STATUS_PAGE_MAINTENANCE_AHEAD_DAYS * DAY_MS;
  const skipped = window.skipUntil?.getTime() ?? 0;
  // An occurrence ended early ("end now" on a weekly window) is over; one going on keeps its real start.
  return spansWithin(scheduleOf(window), now, horizon)
    .filter((span) => span.to > now && span.to > skipped)
    .map((span) => ({
      title: window.title,
      starts_at: new Date(span.from).toISOString(),
      ends_at: new Date(span.to).toISOString(),
      affected,
    }));
}
