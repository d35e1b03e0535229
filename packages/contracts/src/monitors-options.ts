/** Option lists and defaults of the monitor form (spec §5), shared by server, web and prober. */

export const PROTOCOL_TYPES = ['HTTP', 'ICMP', 'TCP', 'DNS'] as const;
export type ProtocolType = (typeof PROTOCOL_TYPES)[number];
/** How each protocol is labelled on screen. */
export const PROTOCOL_LABELS: Record<ProtocolType, string> = { HTTP: 'HTTP(S)', ICMP: 'ICMP', TCP: 'TCP', DNS: 'DNS' };

export const MONITOR_HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] as const;
export type MonitorHttpMethod = (typeof MONITOR_HTTP_METHODS)[number];
/** Only these methods send a body. */
export const METHODS_WITH_BODY: readonly MonitorHttpMethod[] = ['POST', 'PUT'];

export const DNS_QUERY_TYPES = [
  'A',
  'AAAA',
  'TXT',
  'CNAME',
  'MX',
  'NS',
  'ANAME',
  'SRV',
  'PTR',
  'ANY',
  'CERT',
  'DNSKEY',
] as const;
export type DnsQueryType = (typeof DNS_QUERY_TYPES)[number];

/** Seconds: 5 sec, 15 sec, 30 sec, 1 min, 3 min, 5 min, 10 min, 30 min. */
export const PERIOD_OPTIONS_SECONDS = [5, 15, 30, 60, 180, 300, 600, 1800] as const;
export const DEFAULT_PERIOD_SECONDS = 300;

/** The apdex threshold T in seconds: 0.125, 0.25, 0.5, 1, 2. */
export const APDEX_OPTIONS_SECONDS = [0.125, 0.25, 0.5, 1, 2] as const;
export const DEFAULT_APDEX_SECONDS = 0.5;

export const DEFAULT_PROBER_COUNT = 3;

/** Response-time histogram upper bounds in ms (spec §9); an eighth bucket holds everything above 8 s. */
export const RESPONSE_TIME_BUCKETS_MS = [125, 250, 500, 1000, 2000, 4000, 8000] as const;
export const BUCKET_COUNT = RESPONSE_TIME_BUCKETS_MS.length + 1;
