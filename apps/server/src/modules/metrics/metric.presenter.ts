import type { Metric } from '@paydar/contracts/metrics';
import { type ApdexCounts, apdexPercent } from '@paydar/domain/apdex';
import { type DowntimeInterval, downtimeRows, downtimeSecondsByDay, pauseRows } from '@paydar/domain/downtimes';
import { monthlyMetrics } from '@paydar/domain/heat-map';
import type { ReaderDays } from '@paydar/domain/local-day';
import {
  hourlyApdexPercents,
  mergeRollups,
  proberSummaries,
  type Rollup,
  responseTimeSummary,
} from '@paydar/domain/rollup';
import { uptimeSummary } from '@paydar/domain/uptime';
import type { MonitorStateRow } from '../monitors/monitors.repository';
import { hoursIn, type MetricWindows } from './metric-windows';
import type { ProberRollup } from './metrics.repository';

/** What a metric answer is made of, as the repository reads it. */
export interface MetricSources {
  now: Date;
  isHttp: boolean;
  state: MonitorStateRow | null;
  windows: MetricWindows;
  /** How the reader counts days: the heat map's days are theirs. */
  days: ReaderDays;
  /** The day's rollups per prober. */
  probers: ProberRollup[];
  /** Rollups per hour of `windows.hours`. */
  hours: Array<{ hour: Date; rollup: Rollup }>;
  /** Apdex counts per day of `windows.months`. */
  apdexByDay: ReadonlyMap<number, ApdexCounts>;
  /** Downtimes touching `windows.all`. */
  downtimes: DowntimeInterval[];
  /** Spans the monitor was paused touching `windows.day` or `windows.hours`: neither up nor down. */
  paused: DowntimeInterval[];
  /** Maintenance spans touching `windows.day` or `windows.hours` that have begun (`to` null while going on): neither up nor down. */
  maintenance: DowntimeInterval[];
  /** When the maintenance covering `now` ends, or null. */
  maintenanceUntil: Date | null;
}

/** Metric / monitor data (spec §3) from rollups, downtimes and state, with the domain's definitions. */
export function presentMetric(sources: MetricSources): Metric {
  const { now, state, windows, downtimes, paused, maintenance } = sources;
  const day = { start: windows.day.from, end: windows.day.to };
  const hours = { start: windows.hours.from, end: windows.hours.to };
  const firstCheckAt = state?.firstCheckAt ?? null;
  // Before the first check nothing was observed: no uptime rather than a made-up 100 %.
  const uptime = firstCheckAt
    ? uptimeSummary(downtimes, day, now, { monitoredSince: firstCheckAt, paused: [...paused, ...maintenance] })
        .uptimePercent
    : null;
  const dayRollup = mergeRollups(sources.probers.map((row) => row.rollup));
  const summaries = proberSummaries(sources.probers.map((row) => ({ proberId: row.proberId, rollup: row.rollup })));
  return {
    last_status_code: sources.isHttp ? (state?.lastStatusCode ?? null) : null,
    last_status: sources.isHttp ? null : (state?.lastStatus ?? null),
    is_down: state?.isDown ?? false,
    confirming: (state?.confirmingSince ?? null) !== null,
    uptime_percent: uptime,
    downtimes: downtimeRows(downtimes, day, now),
    paused: pauseRows(paused, day, now),
    maintenance: pauseRows(maintenance, day, now),
    in_maintenance_until: sources.maintenanceUntil?.toISOString() ?? null,
    last_check_at: state?.lastCheckAt?.toISOString() ?? null,
    first_check_at: firstCheckAt?.toISOString() ?? null,
    fetch_time: now.toISOString(),
    last_day_hourly_metrics: {
      from_time: new Date(windows.hours.from).toISOString(),
      apdex_percents: hourlyApdexPercents(sources.hours, windows.hours.from, hoursIn(windows.hours)),
      paused: pauseRows(paused, hours, now),
      maintenance: pauseRows(maintenance, hours, now),
    },
    apdex_percent: apdexPercent(dayRollup),
    by_response_time: {
      ...responseTimeSummary(dayRollup),
      // Every successful check: checks time out at 30 s, so each response counted was under 100,000 ms.
      under100000: dayRollup.count - dayRollup.failures,
    },
    probers: sources.probers.map((row) => {
      const summary = summaries.get(row.proberId);
      return {
        id: row.proberId,
        name: row.name,
        country_code: row.countryCode,
        connect: summary?.connect ?? null,
        tls: summary?.tls ?? null,
        response: summary?.response ?? null,
        resolve: summary?.resolve ?? null,
        duration: summary?.duration ?? null,
        failed: summary?.failed ?? 0,
      };
    }),
    monthly_metrics: monthlyMetrics({
      apdexByDay: sources.apdexByDay,
      downtimeSecondsByDay: downtimeSecondsByDay(
        downtimes,
        { start: windows.months.from, end: windows.months.to },
        now,
        sources.days,
      ),
    }),
  };
}
