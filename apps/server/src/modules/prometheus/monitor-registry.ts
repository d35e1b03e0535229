import type { MonitorStatus } from '@paydar/domain/monitor-status';
import type { PhaseAverages } from '@paydar/domain/rollup';
import { Gauge, Registry } from 'prom-client';

/**
 * The Prometheus registry of one scrape of one user's monitors, built from figures already read.
 * prom-client writes the text format (and escapes label values: backslash, quote, newline); this
 * file only decides the metric names, labels and units. A registry per scrape: nothing of one
 * user's figures lives on in the process or can reach another user's scrape.
 */

/** A monitor's state on the scrape: the badge's states ('paused' for a disabled monitor, 'pending' before its first check). */
export type ScrapeState = Exclude<MonitorStatus, 'disabled'> | 'paused' | 'maintenance';
export const SCRAPE_STATES: readonly ScrapeState[] = ['up', 'down', 'confirming', 'pending', 'paused', 'maintenance'];

/** Longer label values are cut: a name is for reading on a dashboard, and a scrape must stay small. */
export const MAX_LABEL_LENGTH = 200;

export interface ProberFigures {
  prober: string;
  /** The phase averages of the latest hour with checks, in milliseconds (null: no such phase). */
  latestHour: PhaseAverages | null;
  checks24h: number;
  failedChecks24h: number;
}

export interface MonitorFigures {
  id: number;
  name: string;
  protocol: string;
  state: ScrapeState;
  /** 0–100, as the dashboard shows it; null when no second of the 24 hours was observed. */
  uptimePercent24h: number | null;
  lastCheckAt: Date | null;
  /** Whole days until its latest TLS certificate's valid-to (negative once expired); null: no certificate seen. */
  certificateDaysLeft: number | null;
  probers: ProberFigures[];
}

const PHASES = ['resolve', 'connect', 'tls', 'response', 'duration'] as const;
const MONITOR_LABELS = ['monitor_id', 'name', 'protocol'] as const;
const PROBER_LABELS = [...MONITOR_LABELS, 'prober'] as const;

/**
 * A label value as sent: NUL and other C0 controls but tab and newline (which the format escapes)
 * become U+FFFD — PostgreSQL text cannot hold NUL, yet a scraper must never be handed one — and a
 * value is cut at MAX_LABEL_LENGTH characters, whole code points.
 */
export function labelValue(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '\ufffd');
  const points = Array.from(clean);
  return points.length > MAX_LABEL_LENGTH ? points.slice(0, MAX_LABEL_LENGTH).join('') : clean;
}

function gauge<L extends string>(registry: Registry, name: string, help: string, labelNames: readonly L[]) {
  return new Gauge<L>({ name, help, labelNames, registers: [registry] });
}

/** The scrape of these monitors as a registry of its own. */
export function monitorRegistry(monitors: readonly MonitorFigures[]): Registry {
  const registry = new Registry();
  const up = gauge(
    registry,
    'paydar_monitor_up',
    'Whether the monitor is up (1) or down (0); absent while paused, in maintenance or before its first check.',
    MONITOR_LABELS,
  );
  const state = gauge(
    registry,
    'paydar_monitor_state',
    `The monitor's state: 1 for the one it is in, 0 for the others (${SCRAPE_STATES.join(', ')}).`,
    [...MONITOR_LABELS, 'state'],
  );
  const uptime = gauge(
    registry,
    'paydar_monitor_uptime_24h_ratio',
    'Uptime over the last 24 hours as the dashboard computes it (downtime over observed time, paused and maintenance time left out), 0 to 1; absent when nothing was observed.',
    MONITOR_LABELS,
  );
  const lastCheck = gauge(
    registry,
    'paydar_monitor_last_check_timestamp_seconds',
    'When the monitor was last checked, in Unix seconds; absent before its first check.',
    MONITOR_LABELS,
  );
  const responseTime = gauge(
    registry,
    'paydar_monitor_response_time_seconds',
    "Mean time of each check phase over the prober's latest hour with checks (duration: whole successful checks).",
    [...PROBER_LABELS, 'phase'],
  );
  const checks = gauge(
    registry,
    'paydar_monitor_checks_24h',
    'Checks the prober made of the monitor in the UTC hours the last 24 hours touch (up to 25 whole hours).',
    PROBER_LABELS,
  );
  const failed = gauge(
    registry,
    'paydar_monitor_failed_checks_24h',
    'Of those checks, the ones that failed.',
    PROBER_LABELS,
  );
  const certificateDays = gauge(
    registry,
    'paydar_monitor_certificate_days_left',
    "Whole days until the monitor's latest TLS certificate expires (negative once expired); absent for monitors no HTTPS check has reported one for.",
    MONITOR_LABELS,
  );

  for (const monitor of monitors) {
    const labels = { monitor_id: String(monitor.id), name: labelValue(monitor.name), protocol: monitor.protocol };
    if (monitor.state === 'up' || monitor.state === 'confirming') up.set(labels, 1);
    if (monitor.state === 'down') up.set(labels, 0);
    for (const each of SCRAPE_STATES) state.set({ ...labels, state: each }, each === monitor.state ? 1 : 0);
    if (monitor.uptimePercent24h !== null) uptime.set(labels, monitor.uptimePercent24h / 100);
    if (monitor.lastCheckAt) lastCheck.set(labels, monitor.lastCheckAt.getTime() / 1000);
    if (monitor.certificateDaysLeft !== null) certificateDays.set(labels, monitor.certificateDaysLeft);
    for (const prober of monitor.probers) {
      const proberLabels = { ...labels, prober: labelValue(prober.prober) };
      checks.set(proberLabels, prober.checks24h);
      failed.set(proberLabels, prober.failedChecks24h);
      for (const phase of PHASES) {
        const ms = prober.latestHour?.[phase];
        if (ms != null) responseTime.set({ ...proberLabels, phase }, ms / 1000);
      }
    }
  }
  return registry;
}
