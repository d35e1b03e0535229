import { displayName } from '@paydar/domain/display-name';
import { monitorStatus } from '@paydar/domain/monitor-status';
import { phaseAverages } from '@paydar/domain/rollup';
import { DAY_MS, HOUR_MS, quartersTouching, utcHourStart } from '@paydar/domain/time';
import { uptimeSummary } from '@paydar/domain/uptime';
import type { Registry } from 'prom-client';
import type { Caller, ServiceContext } from '../../context';
import { certificateDaysLeftByMonitor } from '../certificates/certificate-days';
import { maintenanceAroundMany } from '../maintenance/maintenance-spans.repository';
import { downtimesAroundMany, pausesAroundMany } from '../metrics/metrics.repository';
import { type MonitorFigures, monitorRegistry, type ProberFigures, type ScrapeState } from './monitor-registry';
import {
  latestHourByProber,
  monitorsOfOwner,
  type ProberHour,
  rollupsByMonitorAndProber,
  type ScrapedMonitor,
} from './prometheus.repository';

/** The state as the status badge reads it: maintenance first (a window going on explains a down). */
function stateOf(monitor: ScrapedMonitor, inMaintenance: boolean): ScrapeState {
  if (monitor.isEnabled && inMaintenance) return 'maintenance';
  const figures = monitor.lastCheckAt
    ? { is_down: monitor.isDown, confirming: monitor.confirming, last_check_at: monitor.lastCheckAt.toISOString() }
    : null;
  const status = monitorStatus({ is_enabled: monitor.isEnabled }, figures);
  return status === 'disabled' ? 'paused' : status;
}

function byMonitor(rows: readonly ProberHour[]): Map<number, ProberHour[]> {
  const grouped = new Map<number, ProberHour[]>();
  for (const row of rows) grouped.set(row.monitorId, [...(grouped.get(row.monitorId) ?? []), row]);
  return grouped;
}

/** Per prober of a monitor: the latest hour's phase averages and the day's check counts. */
function proberFigures(day: readonly ProberHour[], latest: readonly ProberHour[]): ProberFigures[] {
  const latestOf = new Map(latest.map((row) => [row.proberId, row]));
  return day.map((row) => {
    const hour = latestOf.get(row.proberId);
    return {
      prober: row.proberName,
      latestHour: hour ? phaseAverages(hour.rollup) : null,
      checks24h: row.rollup.count,
      failedChecks24h: row.rollup.failures,
    };
  });
}

/**
 * `GET /api/v1/metrics/prometheus`: the caller's monitors, read from the read models in seven
 * queries however many monitors there are — the state rows, downtimes, pauses, maintenance spans
 * quarter-hour rollups and kept certificates. Uptime is the badge's and the trends' rule (`uptimeSummary` from downtimes
 * less paused and maintenance time, from the first check) over the 24 hours ending now.
 */
export async function scrapeMonitors(context: ServiceContext, caller: Caller): Promise<Registry> {
  const now = context.now().getTime();
  const monitors = await monitorsOfOwner(context.db, caller.userId);
  const ids = monitors.map((monitor) => monitor.id);
  const window = { from: now - DAY_MS, to: now };
  // The rollup quarters the 24 hours touch, up to the end of the quarter now is in.
  const quarters = quartersTouching(window);
  const [downtimes, paused, maintenance, day, latest, certificates] = await Promise.all([
    downtimesAroundMany(context.db, ids, window),
    pausesAroundMany(context.db, ids, window),
    maintenanceAroundMany(context.db, ids, window, now),
    rollupsByMonitorAndProber(context.db, ids, quarters),
    // The hour now is in, or the one before while the current one has no checks yet.
    latestHourByProber(context.db, ids, { from: utcHourStart(now) - HOUR_MS, to: quarters.to }),
    certificateDaysLeftByMonitor(context.db, caller.userId, new Date(now)),
  ]);
  const daysLeftOf = new Map(certificates.map((certificate) => [certificate.monitorId, certificate.daysLeft]));
  const dayOf = byMonitor(day);
  const latestOf = byMonitor(latest);
  const figures = monitors.map((monitor): MonitorFigures => {
    const spans = maintenance.get(monitor.id);
    const summary = monitor.firstCheckAt
      ? uptimeSummary(downtimes.get(monitor.id) ?? [], { start: window.from, end: window.to }, new Date(now), {
          monitoredSince: monitor.firstCheckAt,
          paused: [...(paused.get(monitor.id) ?? []), ...(spans?.maintenance ?? [])],
        })
      : null;
    return {
      id: monitor.id,
      name: displayName({
        protocol_type: monitor.protocolType,
        url: monitor.url,
        host: monitor.host,
        alias: monitor.alias,
      }),
      protocol: monitor.protocolType,
      state: stateOf(monitor, Boolean(spans?.maintenanceUntil)),
      uptimePercent24h: summary?.uptimePercent ?? null,
      lastCheckAt: monitor.lastCheckAt,
      certificateDaysLeft: daysLeftOf.get(monitor.id) ?? null,
      probers: proberFigures(dayOf.get(monitor.id) ?? [], latestOf.get(monitor.id) ?? []),
    };
  });
  return monitorRegistry(figures);
}
