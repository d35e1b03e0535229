/** Option lists and defaults of the monitor form (spec §5), shared by server, web and prober. */

export const PROTOCOL_TYPES = ['HTTP', 'ICMP', 'TCP', 'DNS', 'HEARTBEAT'] as const;
export type ProtocolType = (typeof PROTOCOL_TYPES)[number];
/** The protocols a prober runs; a HEARTBEAT monitor is checked by the pings it receives, never by an agent. */
export const PROBED_PROTOCOL_TYPES = ['HTTP', 'ICMP', 'TCP', 'DNS'] as const;
export type ProbedProtocolType = (typeof PROBED_PROTOCOL_TYPES)[number];
/** How each protocol is labelled on screen. */
export const PROTOCOL_LABELS: Record<ProtocolType, string> = {
  HTTP: 'HTTP(S)',
  ICMP: 'ICMP',
  TCP: 'TCP',
  DNS: 'DNS',
  HEARTBEAT: 'Heartbeat',
};

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
/**
 * A heartbeat's period (how often the job pings) may also be hourly up to weekly, as cron jobs run:
 * the probed periods plus 1 h, 6 h, 12 h, 1 day and 7 days.
 */
export const HEARTBEAT_PERIOD_OPTIONS_SECONDS = [
  ...PERIOD_OPTIONS_SECONDS,
  3600,
  21_600,
  43_200,
  86_400,
  604_800,
] as const;
/** A heartbeat's grace (seconds a ping may be late before the monitor is down): 0 to 7 days, 5 min by default. */
export const MAX_HEARTBEAT_GRACE_SECONDS = 604_800;
export const DEFAULT_HEARTBEAT_GRACE_SECONDS = 300;

/** The apdex threshold T in seconds: 0.125, 0.25, 0.5, 1, 2. */
export const APDEX_OPTIONS_SECONDS = [0.125, 0.25, 0.5, 1, 2] as const;
export const DEFAULT_APDEX_SECONDS = 0.5;

export const DEFAULT_PROBER_COUNT = 3;

/** Response-time histogram upper bounds in ms (spec §9); an eighth bucket holds everything above 8 s. */
export const RESPONSE_TIME_BUCKETS_MS = [125, 250, 500, 1000, 2000, 4000, 8000] as const;
export const BUCKET_COUNT = RESPONSE_TIME_BUCKETS_MS.length + 1;
