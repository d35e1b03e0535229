import { type MonitorFilters, NO_FILTERS } from '@paydar/domain/monitor-filter';
import { useCallback, useSyncExternalStore } from 'react';
import { getSession } from '@/lib/session-store';

/**
 * The list's client state (spec §3 "filters (text, groups)") and where it was scrolled to. It
 * outlives the list itself: on a phone the list unmounts while a monitor's detail is shown, and
 * coming back must find the same search and the same place. It belongs to one session: another
 * sign-in starts from no filters.
 */
type ListState = { filters: MonitorFilters; scrollOffset: number; owner: string | null };

const listeners = new Set<() => void>();
let state: ListState = { filters: NO_FILTERS, scrollOffset: 0, owner: null };

function current(): ListState {
  const owner = getSession().token;
  if (state.owner !== owner) state = { filters: NO_FILTERS, scrollOffset: 0, owner };
  return state;
}

function update(change: Partial<Omit<ListState, 'owner'>>): void {
  state = { ...current(), ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The list's filters and a setter that merges a change into them. */
export function useMonitorFilters(): [MonitorFilters, (change: Partial<MonitorFilters>) => void] {
  const filters = useSyncExternalStore(subscribe, () => current().filters);
  const setFilters = useCallback(
    (change: Partial<MonitorFilters>) => update({ filters: { ...current().filters, ...change } }),
    [],
  );
  return [filters, setFilters];
}

/** Where the list was last scrolled to (read once when it mounts; written without re-rendering). */
export function getListScrollOffset(): number {
  return current().scrollOffset;
}

export function setListScrollOffset(offset: number): void {
  state = { ...current(), scrollOffset: offset };
}

/** Back to no filters and the top (tests). */
export function resetMonitorListState(): void {
  state = { filters: NO_FILTERS, scrollOffset: 0, owner: null };
  for (const listener of listeners) listener();
}
