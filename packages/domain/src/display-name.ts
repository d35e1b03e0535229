import type { ProtocolType } from '@paydar/contracts/monitors-options';

/**
 * How a monitor is named on screen (spec §3): 'protocol:alias' when it has an alias — with the
 * protocol_type value, 'HTTP:My site' — otherwise its target. The target is the URL of an HTTP
 * monitor and the host (host:port for TCP) of the others.
 */

export interface MonitorNaming {
  protocol_type: ProtocolType;
  url?: string | null;
  host?: string | null;
  alias?: string | null;
}

/** The URL of an HTTP monitor, the host of the others; '' when it is missing. */
export function monitorTarget(monitor: MonitorNaming): string {
  return (monitor.protocol_type === 'HTTP' ? monitor.url : monitor.host) ?? '';
}

/** 'HTTP:My site' when the monitor has an alias (blank counts as none), else its target. */
export function displayName(monitor: MonitorNaming): string {
  const alias = monitor.alias?.trim();
  return alias ? `${monitor.protocol_type}:${alias}` : monitorTarget(monitor);
}

/** Whether a monitor is HTTP(S): it has a URL and a status code rather than a host and a status. */
export function isHttp(monitor: Pick<MonitorNaming, 'protocol_type'>): boolean {
  return monitor.protocol_type === 'HTTP';
}
