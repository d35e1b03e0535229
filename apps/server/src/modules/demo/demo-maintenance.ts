import { spansWithin } from '@paydar/domain/maintenance';
import type { Database } from '../../db/client';
import {
  countWindows,
  findWindow,
  insertWindow,
  replaceSpansFrom,
  setWindowMonitors,
  type WindowFields,
} from '../maintenance/maintenance.repository';
import { SPAN_HORIZON_MS, scheduleOf } from '../maintenance/maintenance-schedule';
import type { DemoMonitor } from './demo-history';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The demo's maintenance windows (issue 15: the tour shows maintenance shading): a nightly one,
 * whose occurrences lie in the past of the history and ahead of now, and a one-off upgrade at night two
 * to three days after the seed. On steady or slow monitors only, so no generated outage falls in a window. They
 * belong to the demo account and its demo monitors (`monitors.is_demo`), as the rest of its rows do.
 */
export const DEMO_MAINTENANCE: ReadonlyArray<{ alias: string; fields: (seededAt: number) => WindowFields }> = [
  {
    alias: 'Gateway',
    fields: () => ({
      title: 'Nightly router backup',
      kind: 'weekly',
      timeZone: 'Asia/Tehran',
      startsAt: null,
      endsAt: null,
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      startTime: '03:30',
      durationMinutes: 45,
    }),
  },
  {
    alias: 'Payments API',
    fields: (seededAt) => {
      // 02:00 in Tehran (22:30 UTC) two to three days after the seed: work is planned for the night.
      const start = Math.floor(seededAt / DAY) * DAY + 2 * DAY + 22.5 * HOUR;
      return {
        title: 'Payments API upgrade',
        kind: 'once',
        timeZone: 'Asia/Tehran',
        startsAt: new Date(start),
        endsAt: new Date(start + 90 * 60_000),
        daysOfWeek: null,
        startTime: null,
        durationMinutes: null,
      };
    },
  },
];

/**
 * Gives the demo account its maintenance windows, once (the caller holds the demo lock): the
 * windows and their spans from `historyFrom` — the past ones, which the daily refresh never writes —
 * to the refresh's horizon ahead. Nothing when the account has windows already.
 */
export async function ensureDemoMaintenance(
  db: Database,
  userId: number,
  monitors: readonly DemoMonitor[],
  range: { historyFrom: number; now: number },
): Promise<boolean> {
  if ((await countWindows(db, userId)) > 0) return false;
  for (const demo of DEMO_MAINTENANCE) {
    const monitor = monitors.find((candidate) => candidate.spec.alias === demo.alias);
    if (!monitor) continue;
    const id = await insertWindow(db, userId, demo.fields(range.now));
    await setWindowMonitors(db, id, [monitor.id]);
    const window = await findWindow(db, userId, id);
    if (!window) continue;
    const spans = spansWithin(scheduleOf(window), range.historyFrom, range.now + SPAN_HORIZON_MS);
    await replaceSpansFrom(db, id, [monitor.id], spans, range.historyFrom);
  }
  return true;
}
