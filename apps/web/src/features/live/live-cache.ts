import type { LiveMonitor, LiveMonitorItem, LiveReady } from '@paydar/contracts/live';
import type { Metric, SharedMonitor } from '@paydar/contracts/metrics';
import { type MonitorSummary, newestFirst } from '@paydar/contracts/monitor-summary';
import type { Monitor } from '@paydar/contracts/monitors';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { forgetRemovedMonitor } from '@/features/monitors/api/forget-removed-monitor';
import { metricQueryKey } from '@/features/monitors/api/get-metric';
import { monitorQueryKey } from '@/features/monitors/api/get-monitor';
import { monitorsQueryKey, monitorsQueryOptions } from '@/features/monitors/api/get-monitors';

/**
 * What a pushed change does to the react-query caches: the state it carries is written into the
 * list item, the monitor and today's figures at once (the screen moves without a request), and
 * the owner's figures for today are then fetched again for what only the server computes (uptime,
 * apdex, buckets) — by the queries on screen only, as react-query refetches active queries alone.
 */

const listKey = monitorsQueryOptions().queryKey;

/** The list as cached: the page the server sent (the query's `select` picks its results on read). */
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** The open downtime as the figures list it: `to_time` null, lasting until now. */
function openDowntime(from: string, reason: string | null, now: number) {
  return {
    from_time: from,
    to_time: null,
    duration: Math.max(0, Math.round((now - Date.parse(from)) / 1000)),
    ended_by: null,
    reason,
  };
}

/** Today's figures with the pushed state written in: status, last check, and the downtime opened or ended. */
export function withLiveState(metric: Metric, live: LiveMonitor, now: number): Metric {
  let downtimes = metric.downtimes;
  const open = downtimes.find((row) => row.to_time === null);
  if (live.downtime_from && open?.from_time !== live.downtime_from) {
    downtimes = [
      openDowntime(live.downtime_from, live.downtime_reason ?? null, now),
      ...downtimes.filter((row) => row !== open),
    ];
  } else if (!live.downtime_from && open) {
    const end = live.last_check_at ?? new Date(now).toISOString();
    const duration = Math.max(0, Math.round((Date.parse(end) - Date.parse(open.from_time)) / 1000));
    downtimes = downtimes.map((row) => (row === open ? { ...row, to_time: end, duration, ended_by: 'recovery' } : row));
  }
  return {
    ...metric,
    is_down: live.is_down,
    confirming: live.confirming,
    last_check_at: live.last_check_at ?? metric.last_check_at,
    last_status_code: live.last_status_code,
    last_status: live.last_status,
    downtimes,
    // An older server does not say: what the figures said stays.
    ...(live.in_maintenance_until !== undefined ? { in_maintenance_until: live.in_maintenance_until } : {}),
  };
}

/** The list item's own fields a signed-in stream sends (the name is drawn from them). */
const itemFields = (item: LiveMonitorItem | undefined) =>
  item
    ? {
        protocol_type: item.protocol_type,
        url: item.url,
        host: item.host,
        alias: item.alias,
        labels: item.labels,
        is_protected: item.is_protected,
      }
    : {};

function withLiveSummary(summary: MonitorSummary, live: LiveMonitor): MonitorSummary {
  return {
    ...summary,
    ...itemFields(live.item),
    is_enabled: live.is_enabled,
    last_status_code: live.last_status_code,
    last_status: live.last_status,
    is_flapping: live.is_flapping,
    is_slow: live.is_slow,
  };
}

const isSharedToday = (key: QueryKey, id: number, data: SharedMonitor | undefined) =>
  key[0] === 'shared-monitor' && key[3] === 'today' && data?.monitor.id === id;

/** How long a browser may keep a shared answer (the server's `public, max-age=30`), and a second more. */
export const SHARED_ANSWER_MAX_AGE_MS = 31_000;
const sharedRefetches = new Set<string>();

/**
 * A shared answer may be kept by the browser (public, max-age): fetched at once it could be the old
 * one and undo the pushed state. Its figures are read again once the kept one has expired — one
 * wait per page however many pushes come meanwhile.
 */
function refetchSharedLater(client: QueryClient, queryKey: QueryKey) {
  const id = JSON.stringify(queryKey);
  if (sharedRefetches.has(id)) return;
  sharedRefetches.add(id);
  setTimeout(() => {
    sharedRefetches.delete(id);
    void client.invalidateQueries({ queryKey, exact: true });
  }, SHARED_ANSWER_MAX_AGE_MS);
}

/** A monitor added elsewhere, as its list item, from what the stream sent. */
const newSummary = (live: LiveMonitor & { item: LiveMonitorItem }): MonitorSummary =>
  withLiveSummary({ id: live.id, ...itemFields(live.item) } as MonitorSummary, live);

/** Where a new item goes in the list: before the first item the server lists after it (`newestFirst`). */
function inserted(results: MonitorSummary[], summary: MonitorSummary): MonitorSummary[] {
  const at = results.findIndex((item) => newestFirst(summary, item) < 0);
  return at < 0 ? [...results, summary] : [...results.slice(0, at), summary, ...results.slice(at)];
}

function applyToList(client: QueryClient, live: LiveMonitor) {
  const list = client.getQueryData<Page<MonitorSummary>>(listKey);
  if (!list) return;
  if (list.results.some((item) => item.id === live.id)) {
    client.setQueryData<Page<MonitorSummary>>(listKey, {
      ...list,
      results: list.results.map((item) => (item.id === live.id ? withLiveSummary(item, live) : item)),
    });
  } else if (live.item) {
    // Added elsewhere (another tab, the API): it takes its place at once, no list read.
    const summary = newSummary({ ...live, item: live.item });
    client.setQueryData<Page<MonitorSummary>>(listKey, {
      ...list,
      count: list.count + 1,
      results: inserted(list.results, summary),
    });
  } else {
    // An older server says only the state: the list is read again.
    void client.invalidateQueries({ queryKey: listKey, exact: true });
  }
}

/** The settings' stamp each monitor's stream last said, per query client (a test's own client starts empty). */
const editedStamps = new WeakMap<QueryClient, Map<number, string>>();

/**
 * The whole monitor (detail, edit form): the pushed fields written in, and read again when its
 * settings were saved elsewhere (interval, probers, alerts… travel only in the whole monitor) — as
 * the stamp moved since the last push, or, first time, came after the cached answer was read.
 */
function applyToMonitor(client: QueryClient, live: LiveMonitor) {
  const key = monitorQueryKey(live.id);
  client.setQueryData<Monitor>(key, (monitor) =>
    monitor
      ? {
          ...monitor,
          ...itemFields(live.item),
          is_enabled: live.is_enabled,
          last_status_code: live.last_status_code,
          last_status: live.last_status,
          is_flapping: live.is_flapping,
        }
      : monitor,
  );
  if (!live.item) return;
  const stamps = editedStamps.get(client) ?? new Map<number, string>();
  editedStamps.set(client, stamps);
  const previous = stamps.get(live.id);
  stamps.set(live.id, live.item.edited_at);
  const state = client.getQueryState(key);
  if (!state?.data) return;
  const moved =
    previous === undefined ? Date.parse(live.item.edited_at) > state.dataUpdatedAt : previous !== live.item.edited_at;
  if (moved) void client.invalidateQueries({ queryKey: key, exact: true });
}

/** Applies one monitor's pushed state to every cache that shows it. */
export function applyLiveMonitor(client: QueryClient, live: LiveMonitor, now: number = Date.now()): void {
  applyToList(client, live);
  applyToMonitor(client, live);
  const todayKey = metricQueryKey(live.id, 'today');
  client.setQueryData<Metric>(todayKey, (metric) => (metric ? withLiveState(metric, live, now) : metric));
  void client.invalidateQueries({ queryKey: todayKey, exact: true });

  for (const query of client.getQueryCache().findAll({ queryKey: ['shared-monitor'] })) {
    const data = query.state.data as SharedMonitor | undefined;
    if (!data || !isSharedToday(query.queryKey, live.id, data)) continue;
    client.setQueryData<SharedMonitor>(query.queryKey, {
      monitor: { ...data.monitor, is_enabled: live.is_enabled, is_flapping: live.is_flapping },
      metric: withLiveState(data.metric, live, now),
    });
    refetchSharedLater(client, query.queryKey);
  }
}

/** Drops a monitor removed elsewhere from the list and forgets its queries. */
export function applyLiveRemoved(client: QueryClient, id: number): void {
  forgetRemovedMonitor(client, id, 'elsewhere');
}

/** The owner's figures for today, of every monitor. (A shared page's stream sends its state on connecting.) */
const isTodaysFigures = (key: QueryKey) => key[0] === monitorsQueryKey[0] && key[2] === 'metric' && key[3] === 'today';

/**
 * After (re)connecting: monitors removed meanwhile leave the list; one it does not know reloads it.
 * A fresh connection (no position to resume from) was told nothing that changed between the
 * screen's reads and its opening: today's figures on screen are read again.
 */
export function applyLiveReady(client: QueryClient, ready: LiveReady, fresh = false): void {
  if (fresh) void client.invalidateQueries({ predicate: (query) => isTodaysFigures(query.queryKey) });
  const list = client.getQueryData<Page<MonitorSummary>>(listKey);
  if (!list) return;
  const present = new Set(ready.ids);
  for (const item of list.results) if (!present.has(item.id)) applyLiveRemoved(client, item.id);
  const known = new Set(list.results.map((item) => item.id));
  if (ready.ids.some((id) => !known.has(id))) void client.invalidateQueries({ queryKey: listKey, exact: true });
}

/** What the stream missed cannot be told: everything monitor-related is read again. */
export function applyLiveReset(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: monitorsQueryKey });
  void client.invalidateQueries({ queryKey: ['shared-monitor'] });
}
