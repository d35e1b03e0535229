import type { CheckSpec } from '@paydar/contracts/agent';
import type { DnsQueryType, ProbedProtocolType } from '@paydar/contracts/monitors-options';
import type { MonitorRow } from './monitors.repository';

/** A check never runs longer than its period, nor longer than 30 s. */
export const MAX_CHECK_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

/** A monitor a prober runs: any but a HEARTBEAT. */
export type ProbedMonitorRow = MonitorRow & { protocolType: ProbedProtocolType };

export const isProbed = (monitor: MonitorRow): monitor is ProbedMonitorRow => monitor.protocolType !== 'HEARTBEAT';

/** What a prober needs to run a monitor's check. */
export function toCheckSpec(monitor: ProbedMonitorRow): CheckSpec {
  const spec: CheckSpec = {
    monitor_id: monitor.id,
    protocol: monitor.protocolType,
    target: (monitor.protocolType === 'HTTP' ? monitor.url : monitor.host) ?? '',
    period_seconds: monitor.periodSeconds,
    timeout_ms: Math.min(MAX_CHECK_TIMEOUT_MS, monitor.periodSeconds * 1000),
  };
  if (monitor.protocolType === 'HTTP') {
    spec.http = {
      method: monitor.httpMethod,
      headers: monitor.httpHeaders,
      body: monitor.httpBody,
      max_redirects: MAX_REDIRECTS,
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
