import { METHODS_WITH_BODY, type MonitorHttpMethod, type ProtocolType } from '@paydar/contracts/monitors-options';

/**
 * Normalisation of a monitor being saved (spec §5): values are trimmed, an HTTP URL without a
 * scheme gets http://, a TCP target without a port gets :80, the body is kept only for POST and PUT.
 * Normalising never rejects: a value that stays malformed is left for validation to name.
 */

export const DEFAULT_TCP_PORT = 80;

export interface HostPort {
  /** Without brackets: '::1', not '[::1]'. */
  host: string;
  port: number | null;
}

const PORT_PATTERN = /^\d{1,5}$/;

/**
 * Splits 'host', 'host:port', '[v6]', '[v6]:port' or a bare IPv6 literal ('::1', no port possible).
 * An empty port ('host:') counts as none. Null when malformed: empty host, unclosed bracket, a port
 * that is not 1..65535.
 */
export function splitHostPort(target: string): HostPort | null {
  let host: string;
  let portText: string;
  if (target.startsWith('[')) {
    const close = target.indexOf(']');
    if (close < 0) return null;
    host = target.slice(1, close);
    const rest = target.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) return null;
    portText = rest.slice(1);
  } else {
    const colons = target.split(':').length - 1;
    if (colons > 1) return { host: target, port: null };
    [host = '', portText = ''] = target.split(':');
  }
  if (host === '' || /\s/.test(host)) return null;
  if (portText === '') return { host, port: null };
  if (!PORT_PATTERN.test(portText)) return null;
  const port = Number(portText);
  return port >= 1 && port <= 65_535 ? { host, port } : null;
}

/** 'host:port', with an IPv6 literal in brackets: '[::1]:22'. */
export function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** Trims, and adds http:// when the URL names no scheme ('example.com/x', '//example.com'). */
export function normaliseHttpUrl(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `http:${trimmed}`;
  return `http://${trimmed}`;
}

/** Trims, and adds :80 when the target names no port; IPv6 literals come out bracketed. */
export function normaliseTcpTarget(target: string): string {
  const trimmed = target.trim();
  const parts = splitHostPort(trimmed);
  if (!parts) return trimmed;
  return joinHostPort(parts.host, parts.port ?? DEFAULT_TCP_PORT);
}

/** The monitor fields normalisation looks at; others pass through unchanged. */
export interface MonitorInputFields {
  protocol_type: ProtocolType;
  url?: string | null;
  host?: string | null;
  alias?: string | null;
  http_method?: MonitorHttpMethod | null;
  http_body?: string | null;
  http_headers?: { key: string; value: string }[] | null;
  dns_query_name?: string | null;
  labels?: string[] | null;
}

/**
 * The monitor as it is stored: strings trimmed; the URL (HTTP) or host:port (TCP) completed; the
 * body null unless HTTP POST or PUT; headers with an empty name dropped; labels trimmed, without
 * empties or repeats.
 */
export function normaliseMonitorInput<T extends MonitorInputFields>(input: T): T {
  const output: T = { ...input };
  if (input.alias != null) output.alias = input.alias.trim();
  if (input.dns_query_name != null) output.dns_query_name = input.dns_query_name.trim();
  if (input.url != null) output.url = input.protocol_type === 'HTTP' ? normaliseHttpUrl(input.url) : input.url.trim();
  if (input.host != null)
    output.host = input.protocol_type === 'TCP' ? normaliseTcpTarget(input.host) : input.host.trim();
  if (input.http_body != null) {
    const sendsBody = input.protocol_type === 'HTTP' && METHODS_WITH_BODY.includes(input.http_method ?? 'GET');
    output.http_body = sendsBody ? input.http_body : null;
  }
  if (input.http_headers != null) {
    output.http_headers = input.http_headers
      .map((header) => ({ key: header.key.trim(), value: header.value.trim() }))
      .filter((header) => header.key !== '');
  }
  if (input.labels != null) {
    output.labels = [...new Set(input.labels.map((label) => label.trim()).filter((label) => label !== ''))];
  }
  return output;
}
