import { createHash } from 'node:crypto';
import { SHARE_TOKEN_LENGTH } from '@paydar/contracts/metrics';
import {
  type BadgeFace,
  type BadgeStatus,
  certificateFace,
  responseTimeFace,
  statusFace,
  uptimeFace,
} from '@paydar/domain/badge-text';
import { certificateDaysLeft } from '@paydar/domain/certificate-expiry';
import { monitorStatus } from '@paydar/domain/monitor-status';
import { mergeRollups, responseTimeSummary } from '@paydar/domain/rollup';
import { DAY_MS, quartersTouching, utcDayStart } from '@paydar/domain/time';
import { uptimeSummary } from '@paydar/domain/uptime';
import type { ServiceContext } from '../../context';
import { notFound } from '../../errors';
import { readMonitorCertificate } from '../certificates/certificates.repository';
import { maintenanceAround } from '../maintenance/maintenance-spans.repository';
import { findSharedMetricSubject, type MetricSubject } from '../metrics/metric-subject.repository';
import { downtimesAround, pausesAround, rollupsByProber } from '../metrics/metrics.repository';
import { SHARED_NOT_FOUND } from '../metrics/metrics.service';
import { renderBadge } from './badge.render';
import { BADGE_FRESHNESS_MS, type Badge, type BadgeCaches, keptBadge } from './badge-cache';
import { BADGE_PERIODS, type PeriodBadgeQuery, type StatusBadgeQuery } from './badges.schema';

export type BadgeKind = 'status' | 'uptime' | 'response-time' | 'certificate';

/** The monitor of a share token (its first 36 characters, as the share links), or 404. */
async function subjectOf(context: ServiceContext, caches: BadgeCaches, token: string): Promise<MetricSubject> {
  const shareToken = token.slice(0, SHARE_TOKEN_LENGTH);
  const subject = await caches.subjects.get(`share:${shareToken}`, () =>
    findSharedMetricSubject(context.db, shareToken),
  );
  if (!subject) throw notFound(SHARED_NOT_FOUND);
  return subject;
}

/**
 * The key a badge is kept under: everything it is drawn from. The token and the monitor's id both,
 * so a token handed to another monitor never finds the old monitor's badge; the subject's version
 * (moves with every check and edit) and the freshness bucket, so a kept badge is never stale.
 */
function badgeKey(kind: BadgeKind, subject: MetricSubject, query: StatusBadgeQuery & { period?: string }, now: number) {
  const bucket = Math.floor(now / BADGE_FRESHNESS_MS);
  const { monitor, version, historyDays } = subject;
  return JSON.stringify([
    kind,
    monitor.token,
    monitor.id,
    version,
    historyDays,
    bucket,
    query.period,
    query.style,
    query.label,
  ]);
}

/** The state as the dashboard reads it (monitorStatus), but maintenance first: a window going on explains a down. */
async function statusOf(context: ServiceContext, subject: MetricSubject, now: number): Promise<BadgeStatus> {
  const { monitor, state } = subject;
  if (monitor.isEnabled) {
    const { maintenanceUntil } = await maintenanceAround(context.db, monitor.id, { from: now, to: now + 1 }, now);
    if (maintenanceUntil) return 'maintenance';
  }
  const figures = state && {
    is_down: state.isDown,
    confirming: state.confirmingSince !== null,
    last_check_at: state.lastCheckAt?.toISOString() ?? null,
  };
  const status = monitorStatus({ is_enabled: monitor.isEnabled }, figures);
  return status === 'disabled' ? 'paused' : status === 'pending' ? 'no data' : status;
}

/** The window a period badge sums, ending now; null when the owner's plan history does not reach its start. */
function windowOf(subject: MetricSubject, period: PeriodBadgeQuery['period'], now: number) {
  const from = now - BADGE_PERIODS[period] * DAY_MS;
  const historyStart = utcDayStart(now) - subject.historyDays * DAY_MS;
  return from >= historyStart ? { from, to: now } : null;
}

/** Uptime as the trends call computes it: downtimes less paused and maintenance time, from the first check. */
async function uptimeOf(context: ServiceContext, subject: MetricSubject, query: PeriodBadgeQuery, now: number) {
  const window = windowOf(subject, query.period, now);
  const firstCheckAt = subject.state?.firstCheckAt;
  if (!window || !firstCheckAt) return uptimeFace(null);
  const id = subject.monitor.id;
  const [downtimes, paused, maintenance] = await Promise.all([
    downtimesAround(context.db, id, window),
    pausesAround(context.db, id, window),
    maintenanceAround(context.db, id, window, now),
  ]);
  const summary = uptimeSummary(downtimes, { start: window.from, end: window.to }, new Date(now), {
    monitoredSince: firstCheckAt,
    paused: [...paused, ...maintenance.maintenance],
  });
  return uptimeFace(summary.uptimePercent);
}

/** The average response time of successful checks in the rollups of the quarter hours the period touches. */
async function responseTimeOf(context: ServiceContext, subject: MetricSubject, query: PeriodBadgeQuery, now: number) {
  const window = windowOf(subject, query.period, now);
  if (!window) return responseTimeFace(null);
  const span = quartersTouching(window);
  const rows = await rollupsByProber(context.db, subject.monitor.id, span);
  return responseTimeFace(responseTimeSummary(mergeRollups(rows.map((row) => row.rollup))).average_response_time);
}

const DEFAULT_LABELS: Record<BadgeKind, (period: string) => string> = {
  status: () => 'status',
  uptime: (period) => `uptime ${period}`,
  'response-time': (period) => `response time ${period}`,
  certificate: () => 'certificate',
};

async function finish(kind: BadgeKind, query: StatusBadgeQuery & { period?: string }, face: BadgeFace): Promise<Badge> {
  const svg = await renderBadge({
    label: query.label ?? DEFAULT_LABELS[kind](query.period ?? ''),
    message: face.message,
    color: face.color,
    style: query.style,
  });
  return { etag: `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`, svg };
}

/** The badges of the monitor as it is now (no period): its state, and its TLS certificate's days left. */
export type CurrentBadgeKind = 'status' | 'certificate';

/**
 * `GET /api/v1/badges/{token}/status.svg` (the live state) and `/certificate.svg` (days left of the
 * latest certificate an HTTPS check of the monitor saw, modules/certificates; 'no data' before one
 * did or for other protocols). Public, from the share token.
 */
export async function getCurrentBadge(
  context: ServiceContext,
  caches: BadgeCaches,
  kind: CurrentBadgeKind,
  token: string,
  query: StatusBadgeQuery,
): Promise<Badge> {
  const subject = await subjectOf(context, caches, token);
  const now = context.now().getTime();
  return keptBadge(caches, badgeKey(kind, subject, query, now), async () =>
    finish(
      kind,
      query,
      kind === 'status'
        ? statusFace(await statusOf(context, subject, now))
        : await certificateOf(context, subject, now),
    ),
  );
}

async function certificateOf(context: ServiceContext, subject: MetricSubject, now: number) {
  const certificate =
    subject.monitor.protocolType === 'HTTP' ? await readMonitorCertificate(context.db, subject.monitor.id) : undefined;
  return certificateFace(certificate ? certificateDaysLeft(certificate.validTo, now) : null);
}

/** `GET /api/v1/badges/{token}/uptime.svg` and `/response-time.svg`. */
export async function getPeriodBadge(
  context: ServiceContext,
  caches: BadgeCaches,
  kind: Exclude<BadgeKind, 'status'>,
  token: string,
  query: PeriodBadgeQuery,
): Promise<Badge> {
  const subject = await subjectOf(context, caches, token);
  const now = context.now().getTime();
  return keptBadge(caches, badgeKey(kind, subject, query, now), async () => {
    const face =
      kind === 'uptime'
        ? await uptimeOf(context, subject, query, now)
        : await responseTimeOf(context, subject, query, now);
    return finish(kind, query, face);
  });
}
