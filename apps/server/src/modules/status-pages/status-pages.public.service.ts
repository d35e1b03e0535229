import {
  type PublicMonitorStatus,
  type PublicStatusPage,
  publicStatusPage,
  STATUS_PAGE_DAYS,
} from '@paydar/contracts/status-pages';
import { readerDays } from '@paydar/domain/local-day';
import { statusPageBanner } from '@paydar/domain/status-page-banner';
import { dailyBars, lastDates } from '@paydar/domain/status-page-days';
import { DAY_MS } from '@paydar/domain/time';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { VersionedAnswer } from '../../http/conditional';
import { maintenanceAround } from '../maintenance/maintenance-spans.repository';
import { AnswerCache } from '../metrics/metric-cache';
import { downtimesAround, pausesAround } from '../metrics/metrics.repository';
import { RecentAnswers } from '../metrics/recent-answers';
import { pageIncidents } from '../status-page-incidents/incidents.public';
import { pageMaintenance } from './status-page-maintenance';
import {
  monitorFacts,
  type PageGate,
  type PublicMonitorFacts,
  responseTimesByDay,
} from './status-pages.public.repository';
import { findAnyPage, type StatusPageMonitorRow, type StatusPageRow } from './status-pages.repository';

/** Said for a slug or host no page has. */
export const STATUS_PAGE_NOT_FOUND = 'No status page here.';

/**
 * The page a visitor reads, computed once per version of its data and kept (AnswerCache): a crowd
 * during an outage costs one version query each and one computation per change. The answer also
 * moves on every STATUS_PAGE_TICK_MS, so today's bar and a maintenance window's start show without
 * a write.
 */
export const STATUS_PAGE_TICK_MS = 30_000;

const answers = new RecentAnswers(new AnswerCache<PublicStatusPage>(publicStatusPage, 'status-page-answers'));

const isoDate = (date: number) => new Date(date).toISOString().slice(0, 10);

function statusOf(facts: PublicMonitorFacts | undefined, inMaintenance: boolean): PublicMonitorStatus {
  if (!facts) return 'no data';
  if (!facts.isEnabled) return 'paused';
  if (inMaintenance) return 'maintenance';
  if (facts.isDown) return 'down';
  return facts.lastCheckAt ? 'up' : 'no data';
}

async function monitorAnswer(
  db: Database,
  page: StatusPageRow,
  entry: StatusPageMonitorRow,
  facts: PublicMonitorFacts | undefined,
  now: number,
  inWindowNow: boolean,
) {
  const dates = lastDates(now, page.timeZone, STATUS_PAGE_DAYS);
  const window = { from: readerDays(page.timeZone).spanOf(dates[0] as number).start, to: now + 1 };
  const [downtimes, paused, maintenance, responseTimes] = await Promise.all([
    downtimesAround(db, entry.monitorId, window),
    pausesAround(db, entry.monitorId, window),
    maintenanceAround(db, entry.monitorId, window, now),
    page.showResponseTimes
      ? responseTimesByDay(db, entry.monitorId, { from: window.from - DAY_MS, to: window.to }, page.timeZone)
      : Promise.resolve(null),
  ]);
  const bars = dailyBars(
    { downtimes, notCounted: [...paused, ...maintenance.maintenance], monitoredSince: facts?.firstCheckAt ?? null },
    dates,
    page.timeZone,
    now,
  );
  return {
    public_name: entry.publicName,
    target: entry.showTarget ? (facts?.target ?? null) : null,
    status: statusOf(facts, inWindowNow || maintenance.maintenanceUntil !== null),
    days: bars.map((bar) => ({
      date: isoDate(bar.date),
      uptime_percent: bar.uptimePercent,
      downtime_seconds: bar.downtimeSeconds,
      ...(responseTimes ? { average_response_time: responseTimes.get(bar.date) ?? null } : {}),
    })),
  };
}

/**
 * Computes the whole answer from rollups, downtimes, pauses, maintenance spans and states, and the
 * owner's maintenance windows for the page's lists (the banner stays the monitors' statuses' rule).
 */
export async function computePublicPage(db: Database, page: StatusPageRow, now: number): Promise<PublicStatusPage> {
  const ids = page.sections.flatMap((section) => section.monitors.map((entry) => entry.monitorId));
  const [facts, maintenance] = await Promise.all([monitorFacts(db, ids), pageMaintenance(db, page, now)]);
  // One monitor's reads do not wait for another's: a recomputation is what a crowd waits on.
  const [sections, incidents] = await Promise.all([
    Promise.all(
      page.sections.map(async (section) => ({
        title: section.title,
        monitors: await Promise.all(
          section.monitors.map((entry) =>
            monitorAnswer(
              db,
              page,
              entry,
              facts.get(entry.monitorId),
              now,
              maintenance.coveredNow.has(entry.monitorId),
            ),
          ),
        ),
      })),
    ),
    pageIncidents(db, page.id, now),
  ]);
  return {
    slug: page.slug,
    title: page.title,
    description: page.description,
    logo_url: page.logoUrl,
    language: page.language,
    time_zone: page.timeZone,
    show_response_times: page.showResponseTimes,
    banner: statusPageBanner(
      sections.flatMap((section) => section.monitors.map((monitor) => monitor.status)),
      incidents.active_incidents.length,
    ),
    sections,
    ...incidents,
    ...maintenance.lists,
    generated_at: new Date(now).toISOString(),
  };
}

/**
 * The versioned answer of a page a visitor may read. The page is read again when the answer is
 * computed, after its version was: what is kept under a version is never older than it. While a
 * new version is computed for one visitor, the others are given the previous one (RecentAnswers).
 */
export function publicPageAnswer(context: ServiceContext, gate: PageGate): VersionedAnswer {
  const now = context.now().getTime();
  const tick = Math.floor(now / STATUS_PAGE_TICK_MS);
  return answers.answer(`${gate.id}`, `status-page:${gate.id}:${gate.version}:${tick}`, now, async () => {
    const page = await findAnyPage(context.db, gate.id);
    if (!page) throw notFound(STATUS_PAGE_NOT_FOUND);
    return computePublicPage(context.db, page, tick * STATUS_PAGE_TICK_MS);
  });
}
