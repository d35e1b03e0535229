import type { SlowAlertRule } from '@paydar/contracts/slow-alert';

/**
 * What the demo account shows (issue 15, the tour): its datacenters and its monitors, each with the
 * behaviour its history is generated from (demo-checks.ts, demo-heartbeat.ts). Names and addresses are of reserved
 * documentation domains and ranges: nothing here is ever checked.
 */

export interface DemoProberSpec {
  /** Unique among probers; "(demo)" keeps it apart from any real prober's name. */
  name: string;
  countryCode: string;
  datacenter: string;
  /** Round-trip to the demo targets from here, in ms: the base every latency is scaled from. */
  baseRttMs: number;
}

export const DEMO_PROBERS: readonly DemoProberSpec[] = [
  { name: 'Tehran (demo)', countryCode: 'IR', datacenter: 'Tehran', baseRttMs: 18 },
  { name: 'Frankfurt (demo)', countryCode: 'DE', datacenter: 'Frankfurt', baseRttMs: 62 },
  { name: 'Amsterdam (demo)', countryCode: 'NL', datacenter: 'Amsterdam', baseRttMs: 71 },
];

/**
 * - steady: up, with the day's and the week's rhythm in its latency, a rare failed check.
 * - outages: like steady, plus outages of minutes to an hour every few days (downtimes, alerts).
 * - slow: answers, but slowly in Tehran's working hours on weekdays (apdex, the slow alert).
 * - flapping: a flaky target that goes down for a minute or two many times an hour.
 * - heartbeat: a cron job that pings its heartbeat each period (demo-heartbeat.ts): no prober, a
 *   runtime with the day's rhythm, a reported failure about every two weeks, a rare missed run.
 */
export type DemoBehaviour = 'steady' | 'outages' | 'slow' | 'flapping' | 'heartbeat';

export interface DemoMonitorSpec {
  /** Stable key: the PRNG's seed and how a restart finds the monitor again. */
  key: string;
  alias: string;
  protocolType: 'HTTP' | 'ICMP' | 'TCP' | 'DNS' | 'HEARTBEAT';
  url?: string;
  host?: string;
  dnsQueryName?: string;
  periodSeconds: number;
  /** HEARTBEAT only: how late a ping may be before the monitor is late (modules/heartbeats). */
  graceSeconds?: number;
  apdexMs: number;
  labels: string[];
  behaviour: DemoBehaviour;
  /** Server time of a successful check, on top of the network, in ms (0 for a heartbeat: nothing checks it). */
  serverMs: number;
  slowAlert?: SlowAlertRule;
  /** Alerts go to the demo profile's email and Telegram (history rows only: nothing is sent). */
  alerted: boolean;
}

export const DEMO_MONITORS: readonly DemoMonitorSpec[] = [
  {
    key: 'shop',
    alias: 'Shop',
    protocolType: 'HTTP',
    url: 'https://shop.example.com/',
    periodSeconds: 60,
    apdexMs: 500,
    labels: ['production', 'web'],
    behaviour: 'steady',
    serverMs: 60,
    alerted: true,
  },
  {
    key: 'blog',
    alias: 'Blog',
    protocolType: 'HTTP',
    url: 'http://blog.example.com/',
    periodSeconds: 60,
    apdexMs: 500,
    labels: ['web'],
    behaviour: 'outages',
    serverMs: 90,
    alerted: true,
  },
  {
    key: 'api',
    alias: 'Payments API',
    protocolType: 'HTTP',
    url: 'https://api.example.com/health',
    periodSeconds: 60,
    apdexMs: 500,
    labels: ['production', 'api'],
    behaviour: 'slow',
    serverMs: 260,
    slowAlert: { rule: 'response_time', checks: 5, above_ms: 800 },
    alerted: true,
  },
  {
    key: 'database',
    alias: 'Database',
    protocolType: 'TCP',
    host: 'db.example.com:5432',
    periodSeconds: 60,
    apdexMs: 250,
    labels: ['network', 'database'],
    behaviour: 'flapping',
    serverMs: 2,
    alerted: true,
  },
  {
    key: 'gateway',
    alias: 'Gateway',
    protocolType: 'ICMP',
    host: '203.0.113.10',
    periodSeconds: 120,
    apdexMs: 250,
    labels: ['network'],
    behaviour: 'steady',
    serverMs: 0,
    alerted: false,
  },
  {
    key: 'dns',
    alias: 'Name server',
    protocolType: 'DNS',
    host: 'ns1.example.com',
    dnsQueryName: 'example.com',
    periodSeconds: 300,
    apdexMs: 250,
    labels: ['network'],
    behaviour: 'steady',
    serverMs: 4,
    alerted: false,
  },
  {
    key: 'invoice-sync',
    alias: 'Invoice sync',
    protocolType: 'HEARTBEAT',
    periodSeconds: 3600,
    graceSeconds: 300,
    // Its runs take 0.3–6 s: mostly satisfied at night, some tolerating in the busy hours.
    apdexMs: 2000,
    labels: ['jobs'],
    behaviour: 'heartbeat',
    serverMs: 0,
    alerted: true,
  },
];

export const isDemoHeartbeat = (spec: DemoMonitorSpec): boolean => spec.behaviour === 'heartbeat';

/** Days of history the demo starts with. */
export const DEMO_HISTORY_DAYS = 90;
/**
 * Days of raw records the demo keeps (the raw-data chart reads 6-hour windows of them): enough for
 * the public status page's whole day two days ago, in UTC or in Tehran (whose day starts 3.5 hours
 * before the UTC one) whatever the hour now.
 */
export const DEMO_RAW_DAYS = 3.5;

/** The demo profile's alert channels, shown in the Alert Center and named in the history. */
export const DEMO_ALERT_EMAIL = 'alerts@shop.example.com';
export const DEMO_ALERT_TELEGRAM = '@shop_ops_demo';
