import type { MonitorSummary } from '@paydar/contracts/monitor-summary';
import type { QueryClient } from '@tanstack/react-query';
import { type MonitorRemoval, removedMonitorKey } from './get-monitor';
import { monitorsQueryKey, monitorsQueryOptions } from './get-monitors';

type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * A monitor known to be removed — here (its DELETE answered) or elsewhere (the live stream said
 * so) — leaves the list, is marked removed and its queries are forgotten, all in one go: what
 * showed it (the list item, the detail) is gone or says so in the same render, and nothing asks
 * the server for it again only to get a 404 (issue 37). A removal made here is not told again as
 * one made elsewhere.
 */
export function forgetRemovedMonitor(client: QueryClient, id: number, where: MonitorRemoval): void {
  const listKey = monitorsQueryOptions().queryKey;
  const list = client.getQueryData<Page<MonitorSummary>>(listKey);
  if (list?.results.some((item) => item.id === id)) {
    client.setQueryData<Page<MonitorSummary>>(listKey, {
      ...list,
      count: Math.max(0, list.count - 1),
      results: list.results.filter((item) => item.id !== id),
    });
  }
  if (client.getQueryData(removedMonitorKey(id)) !== 'here') client.setQueryData(removedMonitorKey(id), where);
  void client.cancelQueries({ queryKey: [...monitorsQueryKey, id] });
  client.removeQueries({ queryKey: [...monitorsQueryKey, id] });
}
