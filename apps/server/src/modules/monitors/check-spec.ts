import type { CheckSpec } from '@paydar/contracts/agent';
import { DEFAULT_ACCEPTED_STATUSES, parseStatusRanges } from '@paydar/contracts/http-assertions';
import { MAX_TIMEOUT_SECONDS } from '@paydar/contracts/monitors';
import type { DnsQueryType, ProbedProtocolType } from '@paydar/contracts/monitors-options';
import type { MonitorRow } from './monitors.repository';

/** A check never runs longer than its period, nor longer than 30 s. */
export const MAX_CHECK_TIMEOUT_MS = MAX_TIMEOUT_SECONDS * 1000;
export const MAX_REDIRECTS = 5;

/** A monitor a prober runs: any but a HEARTBEAT. */
export type ProbedMonitorRow = MonitorRow & { protocolType: ProbedProtocolType };

export const isProbed = (monitor: MonitorRow): monitor is ProbedMonitorRow => monitor.protocolType !== 'HEARTBEAT';

/** The monitor's own timeout, else its period; never above either, nor above 30 s. */
function checkTimeoutMs(monitor: MonitorRow): number {
  const periodMs = Math.min(MAX_CHECK_TIMEOUT_MS, monitor.periodSeconds * 1000);
  return monitor.timeoutSeconds === null ? periodMs : Math.min(periodMs, monitor.timeoutSeconds * 1000);
}

/**
 * Assertions travel only when set: a monitor on the defaults sends the spec it sent before them,
 * so agents from before issue 17 run it exactly as they did. Agents that predate them drop these
 * fields and judge status < 400 without assertions; a monitor that relies on them needs its
 * probers updated (the built-in prober always is).
 */
function httpAssertionsSpec(
  monitor: MonitorRow,
): Pick<NonNullable<CheckSpec['http']>, 'accepted_statuses' | 'assertions'> {
  const spec: Pick<NonNullable<CheckSpec['http']>, 'accepted_statuses' | 'assertions'> = {};
  if (monitor.httpAcceptedStatuses !== DEFAULT_ACCEPTED_STATUSES) {
    const parsed = parseStatusRanges(monitor.httpAcceptedStatuses);
    if (parsed.ok) spec.accepted_statuses = parsed.ranges.map(([low, high]) => [low, high]);
  }
  if (monitor.httpAssertions.length > 0) spec.assertions = monitor.httpAssertions;
  return spec;
}

/** What a prober needs to run a monitor's check. */
export function toCheckSpec(monitor: ProbedMonitorRow): CheckSpec {
  const spec: CheckSpec = {
    monitor_id: monitor.id,
    protocol: monitor.protocolType,
    target: (monitor.protocolType === 'HTTP' ? monitor.url : monitor.host) ?? '',
    period_seconds: monitor.periodSeconds,
    timeout_ms: checkTimeoutMs(monitor),
  };
  if (monitor.protocolType === 'HTTP') {
    spec.http = {
      method: monitor.httpMethod,
      headers: monitor.httpHeaders,
      body: monitor.httpBody,
      max_redirects: monitor.httpFollowRedirects ? MAX_REDIRECTS : 0,
      ...httpAssertionsSpec(monitor),
    };
  }
  if (monitor.protocolType === 'DNS') {
    spec.dns = {
      query_name: monitor.dnsQueryName ?? '',
      query_type: monitor.dnsQueryType as DnsQueryType,
      ...(monitor.host ? { resolver: monitor.host } : {}),
    };
  }
  return spec;
}
