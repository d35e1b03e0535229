import type { MetricTrends } from '@paydar/contracts/metric-trends';
import { SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import { localHourStart } from '@paydar/domain/local-day';
import { HOUR_MS } from '@paydar/domain/time';
import type { Caller, ServiceContext } from '../../context';
import { notFound } from '../../errors';
import type { VersionedAnswer } from '../../http/conditional';
import { maintenanceAround } from '../maintenance/maintenance-spans.repository';
import { MONITOR_NOT_FOUND } from '../monitors/monitors.service';
import { type MetricRequest, metricRequest } from './metric-request';
import { findSharedMetricSubject, findUserMetricSubject, type MetricSubject } from './metric-subject.repository';
import { longestUptimeWindow, presentTrends, trendWeek } from './metric-trends.presenter';
import { bucketsByProberHour } from './metric-trends.repository';
import { downtimesAround, pausesAround } from './metrics.repository';
import { type MetricCaches, SHARED_NOT_FOUND } from './metrics.service';

/** The trends query: the day and the reader's zone, as the metric call takes them. */
export interface TrendsQuery {
  day?: string | undefined;
  time_zone?: string | undefined;
}

/**
 * The span the trends end with: a chosen day of the reader's whole; today, their local day up to the
 * end of the local hour now is in (00:10 in Tehran: 00:00–01:00, the day's first hour) — never a label or an hour past now (issue 15), and the week and the
 * 7/30/90-day windows end there too.
 */
export function trendsDay(request: Pick<MetricRequest, 'day' | 'today' | 'now' | 'days'>) {
  if (request.day !== null) return { from: request.day.start, to: request.day.end };
  const hourEnd = localHourStart(request.now, request.days.timeZone) + HOUR_MS;
  return { from: request.today.start, to: Math.min(request.today.end, hourEnd) };
}

async function computeTrends(context: ServiceContext, request: MetricRequest): Promise<MetricTrends> {
  const { subject, now } = request;
  const id = subject.monitor.id;
  const day = trendsDay(request);
  const longest = longestUptimeWindow(day);
  const [downtimes, paused, maintenance, buckets] = await Promise.all([
    downtimesAround(context.db, id, longest),
    pausesAround(context.db, id, longest),
    maintenanceAround(context.db, id, longest, now.getTime()),
    bucketsByProberHour(context.db, id, trendWeek(day)),
  ]);
  return presentTrends({
    now,
    day,
    historyStart: request.historyStart,
    firstCheckAt: subject.state?.firstCheckAt ?? null,
    downtimes,
    paused,
    maintenance: maintenance.maintenance,
    buckets,
  });
}

/**
 * The answer of a subject, kept like the metric answer under the data's version (the same key but
 * for its prefix), so a check ingested gives a new answer and nothing else does. It holds nothing
 * only the owner may see (the shared metric names the probers too), so owner and shared views of
 * one monitor share the entry.
 */
function trendsOf(context: ServiceContext, caches: MetricCaches, subject: MetricSubject, query: TrendsQuery) {
  const request = metricRequest(context, subject, { day: query.day, time_zone: query.time_zone, months: 1 });
  const answer = caches.trends.versioned(`trends|${request.key}`, () => computeTrends(context, request));
  return { pastDay: request.pastDay, ...answer };
}

/** `GET /api/v1/monitors/{id}/metric/trends`: the owner's; the day is checked as for the metric. */
export async function getMetricTrends(
  context: ServiceContext,
  caches: MetricCaches,
  caller: Caller,
  id: number,
  query: TrendsQuery,
): Promise<VersionedAnswer & { pastDay: boolean }> {
  const subject = await caches.subjects.get(`own:${caller.userId}:${id}`, () =>
    findUserMetricSubject(context.db, caller.userId, id),
  );
  if (!subject) throw notFound(MONITOR_NOT_FOUND);
  return trendsOf(context, caches, subject, query);
}

/**
 * `GET /api/v1/monitors/{prefix}/{token}/metric/trends`: public, for a shared link (only the
 * token's first 36 characters count), under the owner's plan history as the shared metric.
 */
export async function getSharedMetricTrends(
  context: ServiceContext,
  caches: MetricCaches,
  token: string,
  query: TrendsQuery,
): Promise<VersionedAnswer> {
  const shareToken = token.slice(0, SHARE_TOKEN_LENGTH);
  const subject = await caches.subjects.get(`share:${shareToken}`, () =>
    findSharedMetricSubject(context.db, shareToken),
  );
  if (!subject) throw notFound(SHARED_NOT_FOUND);
  return trendsOf(context, caches, subject, query);
}
