/**
 * Every cache the server keeps in its memory, by name: what it holds, how its size is counted and
 * its default limit. `CACHE_LIMITS` (config.ts) sets any of them; the operators' `/metrics` shows
 * each one's entries, size and limit (paydar_cache_*). A cache counted in bytes counts the JSON or
 * text it keeps, and is also held to `entries`, so many tiny answers cannot crowd the heap.
 */
export type CacheUnit = 'entries' | 'bytes' | 'days';

export interface CacheSpec {
  name: string;
  unit: CacheUnit;
  /** The configured bound, in `unit`. */
  limit: number;
  /** For a cache not counted in entries: at most this many, whatever their size. */
  entries?: number;
  what: string;
}

const MiB = 1024 * 1024;

export const CACHE_CATALOGUE = {
  sessions: { unit: 'entries', limit: 10_000, what: 'signed-in sessions with their user, by key' },
  'monitor-lists': {
    unit: 'bytes',
    limit: 32 * MiB,
    entries: 2_000,
    what: "owners' monitor lists as sent (JSON)",
  },
  'metric-subjects': { unit: 'entries', limit: 10_000, what: 'the monitors metrics and badges are computed for' },
  'status-page-gates': { unit: 'entries', limit: 10_000, what: "status pages' access rules and monitors" },
  'metric-answers': {
    unit: 'bytes',
    limit: 8 * MiB,
    entries: 2_000,
    what: "owners' monitor metrics as sent (JSON)",
  },
  'shared-monitor-answers': {
    unit: 'bytes',
    limit: 8 * MiB,
    entries: 2_000,
    what: 'monitors shared by public link as sent (JSON)',
  },
  'trend-answers': {
    unit: 'bytes',
    limit: 8 * MiB,
    entries: 2_000,
    what: 'uptime over 7/30/90 days and the p50/p95 series as sent (JSON)',
  },
  'status-page-answers': {
    unit: 'bytes',
    limit: 8 * MiB,
    entries: 2_000,
    what: 'public status pages as sent (JSON)',
  },
  'status-page-readers': {
    unit: 'entries',
    limit: 10_000,
    what: 'status pages read lately, with the version last sent',
  },
  'incident-answers': {
    unit: 'bytes',
    limit: 8 * MiB,
    entries: 2_000,
    what: 'public incident pages as sent (JSON)',
  },
  'incident-markdown': {
    unit: 'bytes',
    limit: 20 * MiB,
    entries: 5_000,
    what: 'incident updates rendered from Markdown to HTML',
  },
  'past-days-apdex': {
    unit: 'days',
    limit: 250_000,
    what: "monitors' apdex counts per day before yesterday (the heat map)",
  },
  badges: { unit: 'entries', limit: 5_000, what: 'public badges drawn' },
  etags: { unit: 'entries', limit: 2_000, what: 'validators of recent metric answers' },
} as const satisfies Record<string, Omit<CacheSpec, 'name'>>;

export type CacheName = keyof typeof CACHE_CATALOGUE;

export const CACHE_NAMES = Object.keys(CACHE_CATALOGUE) as CacheName[];

export const isCacheName = (name: string): name is CacheName => Object.hasOwn(CACHE_CATALOGUE, name);
