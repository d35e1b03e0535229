import { type MetricTrends, metricTrends } from '@paydar/contracts/metric-trends';
import {
  type Metric,
  metric,
  RAW_WINDOW_MAX_HOURS,
  type RawMetrics,
  SHARE_TOKEN_LENGTH,
  type SharedMonitor,
  sharedMonitor as sharedMonitorSchema,
} from '@paydar/contracts/metrics';
import { HISTORY_BLOCKED_TEXT } from '@paydar/domain/history';
import { DAY_MS, HOUR_MS, utcDayStart } from '@paydar/domain/time';
import type { Caller, ServiceContext } from '../../context';
import { AppError, invalidField, notFound } from '../../errors';
import type { VersionedAnswer } from '../../http/conditional';
import { maintenanceAround } from '../maintenance/maintenance-spans.repository';
import { findMonitorByToken, findUserMonitor } from '../monitors/monitors.repository';
import { MONITOR_NOT_FOUND } from '../monitors/monitors.service';
import { findActiveSubscription } from '../plans/plans.repository';
import { presentMetric } from './metric.presenter';
import { AnswerCache } from './metric-cache';
import { type MetricRequest, metricRequest } from './metric-request';
import { findSharedMetricSubject, findUserMetricSubject } from './metric-subject.repository';
import { createMetricSubjectCache, type MetricSubjectCache } from './metric-subject-cache';
import { metricWindows } from './metric-windows';
import { apdexByHour, downtimesAround, listProbeRecords, pausesAround, rollupsByProber } from './metrics.repository';
import type { MetricQuery, RawQuery, ShareInfoQuery } from './metrics.schema';
import { PastDaysApdex } from './past-days-apdex';
import { presentPublicMonitor } from './public-monitor.presenter';

export const SHARED_NOT_FOUND = 'No shared monitor has this link.';

/** The plan's METRIC_HISTORY_DAYS of a user; without an active plan only today can be shown. */
async function historyDaysOf(context: ServiceContext, userId: number): Promise<number> {
  const subscription = await findActiveSubscription(context.db, userId);
  return subscription?.plan.specifications.METRIC_HISTORY_DAYS ?? 0;
}

/** The metric of one monitor (spec §3), read from rollups, downtimes and state only. */
async function computeMetric(context: ServiceContext, caches: MetricCaches, request: MetricRequest): Promise<Metric> {
  const { subject, now } = request;
  const windows = metricWindows({
    now,
    days: request.days,
    day: request.day,
    lastCheckAt: subject.state?.lastCheckAt ?? null,
    historyDays: request.historyDays,
    months: request.months,
  });
  const id = subject.monitor.id;
  // Pauses and maintenance of the day and of the hourly chart's 24 hours, which reach into the day before.
  const spansWindow = {
    from: Math.min(windows.day.from, windows.hours.from),
    to: Math.max(windows.day.to, windows.hours.to),
  };
  const [probers, hours, byDay, downtimes, paused, maintenance] = await Promise.all([
    rollupsByProber(context.db, id, windows.day),
    apdexByHour(context.db, id, windows.hours),
    caches.pastDays.byDay(context.db, {
      monitorId: id,
      historyVersion: subject.historyVersion,
      days: request.days,
      span: windows.months,
      now: now.getTime(),
    }),
    downtimesAround(context.db, id, windows.all),
    pausesAround(context.db, id, spansWindow),
    maintenanceAround(context.db, id, spansWindow, now.getTime()),
  ]);
  return presentMetric({
    now,
    isHttp: subject.monitor.protocolType === 'HTTP',
    state: subject.state,
    windows,
    days: request.days,
    probers,
    hours,
    apdexByDay: byDay,
    downtimes,
    paused,
    ...maintenance,
  });
}

/** Kept per process: the owner's metric, the public view of a shared monitor, and what both are computed from. */
export interface MetricCaches {
  owner: AnswerCache<Metric>;
  shared: AnswerCache<SharedMonitor>;
  /** Uptime over 7/30/90 days and the p50/p95 series (metric-trends.service). */
  trends: AnswerCache<MetricTrends>;
  subjects: MetricSubjectCache;
  /** The heat map's days before the reader's yesterday, read once per late write (past-days-apdex.ts). */
  pastDays: PastDaysApdex;
}

export const newMetricCaches = (context: ServiceContext): MetricCaches => ({
  owner: new AnswerCache(metric, 'metric-answers'),
  shared: new AnswerCache(sharedMonitorSchema, 'shared-monitor-answers'),
  trends: new AnswerCache(metricTrends, 'trend-answers'),
  subjects: createMetricSubjectCache(context.changes, () => context.now()),
  pastDays: new PastDaysApdex(),
});

async function loadOwn(context: ServiceContext, caller: Caller, id: number) {
  const [monitor, historyDays] = await Promise.all([
    findUserMonitor(context.db, caller.userId, id),
    historyDaysOf(context, caller.userId),
  ]);
  if (!monitor) throw notFound(MONITOR_NOT_FOUND);
  return { monitor, historyDays };
}

/**
 * `GET /api/v1/monitors/{id}/metric`: the owner's view of a day (today when no day is asked). The
 * monitor is looked up as the caller's first, so nothing kept is ever handed to anyone else.
 */
export async function getMetric(
  context: ServiceContext,
  caches: MetricCaches,
  caller: Caller,
  id: number,
  query: MetricQuery,
): Promise<VersionedAnswer & { pastDay: boolean }> {
  const subject = await caches.subjects.get(`own:${caller.userId}:${id}`, () =>
    findUserMetricSubject(context.db, caller.userId, id),
  );
  if (!subject) throw notFound(MONITOR_NOT_FOUND);
  const request = metricRequest(context, subject, query);
  return {
    pastDay: request.pastDay,
    ...caches.owner.versioned(request.key, () => computeMetric(context, caches, request)),
  };
}

/**
 * `GET /api/v1/monitors/{id}/metric/raw`: raw records of [from_time, to_time), at most 6 hours, within
 * the plan's history. Half-open, so the web's four back-to-back windows never repeat a record.
 */
export async function getRawMetrics(
  context: ServiceContext,
  caller: Caller,
  id: number,
  query: RawQuery,
): Promise<RawMetrics> {
  const { monitor, historyDays } = await loadOwn(context, caller, id);
  const from = query.from_time.getTime();
  const to = query.to_time.getTime();
  if (to <= from) throw invalidField('to_time', 'to_time must be after from_time.');
  if (to - from > RAW_WINDOW_MAX_HOURS * HOUR_MS) {
    throw invalidField('to_time', `The window can be at most ${RAW_WINDOW_MAX_HOURS} hours.`);
  }
  // A window reaching back past the plan's history is cut at its start; one wholly before it is refused.
  const historyStart = utcDayStart(context.now()) - historyDays * DAY_MS;
  if (to <= historyStart) throw new AppError('PLAN_LIMIT', HISTORY_BLOCKED_TEXT, { from_time: [HISTORY_BLOCKED_TEXT] });
  const records = await listProbeRecords(context.db, monitor.monitor.id, { from: Math.max(from, historyStart), to });
  return {
    result: records.map((record) => ({
      time: record.time.toISOString(),
      time_inserted: record.timeInserted.toISOString(),
      probe_success: record.success ? 1 : 0,
      // Stored as float4: to the microsecond, so 123.456 ms reads 0.123456 s, not 0.12345600128173828.
      probe_duration_seconds: Math.round(record.durationMs * 1000) / 1_000_000,
      prober_id: record.proberId,
      extra_info: {
        ...(record.extraInfo ?? {}),
        ...(record.statusCode === null ? {} : { status_code: record.statusCode }),
        ...(record.error === null ? {} : { error: record.error }),
      },
    })),
  };
}

/** A shared monitor and its metric, under its owner's plan history; found by the unique token. */
async function sharedMonitor(
  context: ServiceContext,
  caches: MetricCaches,
  token: string,
  query: MetricQuery,
): Promise<VersionedAnswer> {
  const subject = await caches.subjects.get(`share:${token}`, () => findSharedMetricSubject(context.db, token));
  if (!subject) throw notFound(SHARED_NOT_FOUND);
  const request = metricRequest(context, subject, query);
  return caches.shared.versioned(`${token}|${request.key}`, async () => {
    // Its probers' names too, for the public view: read only when the answer is computed.
    const monitor = await findMonitorByToken(context.db, token);
    if (!monitor) throw notFound(SHARED_NOT_FOUND);
    const metric = await computeMetric(context, caches, request);
    // A reason may quote the owner's assertions (an expected header, a keyword): the public view leaves them out.
    const downtimes = metric.downtimes.map((row) => ({ ...row, reason: null }));
    return { monitor: presentPublicMonitor(monitor, context.now()), metric: { ...metric, downtimes } };
  });
}

/** `GET /api/v1/monitors/{token}/share_info`: public, today's figures — the visitor's day when a zone is given. */
export function getShareInfo(context: ServiceContext, caches: MetricCaches, token: string, query: ShareInfoQuery = {}) {
  return sharedMonitor(context, caches, token, { months: 6, time_zone: query.time_zone });
}

/**
 * `GET /api/v1/monitors/{prefix}/{id}/metric`: public. `id` is the share token, of which only the
 * first 36 characters count (a custom link may carry more); `prefix` (an organization or 'symlink')
 * is not used to find the monitor. A day outside the owner's plan history is refused as for owners.
 */
export function getSharedMetric(context: ServiceContext, caches: MetricCaches, token: string, query: MetricQuery) {
  return sharedMonitor(context, caches, token.slice(0, SHARE_TOKEN_LENGTH), query);
}
