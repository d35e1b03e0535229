import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { metricQueryOptions } from '../api/get-metric';
import { useEnabledUnlessRemoved } from '../api/get-monitor';

/**
 * How long a list item must stay on screen before its figures are fetched: a fling through a
 * thousand monitors mounts and unmounts hundreds of items, and none of those should cost a call.
 */
export const METRIC_FETCH_DELAY_MS = 150;

/** True once the calling component has stayed mounted for `delayMs`. */
export function useDwell(delayMs: number): boolean {
  const [dwelled, setDwelled] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setDwelled(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return dwelled;
}

/**
 * Today's figures of a monitor shown in the list. The list is virtualized, so an item exists only
 * while it is on screen: the figures are fetched only then, after a short dwell, and shared with
 * the detail panel's cache. Figures already cached show at once, without waiting. A monitor known
 * removed asks nothing: its item may render once more between the removal and leaving the list
 * (its figures' query already forgotten), and that render must not ask again only to get a 404.
 */
export function useListItemMetric(id: number, delayMs: number = METRIC_FETCH_DELAY_MS) {
  const dwelled = useDwell(delayMs);
  return useQuery({ ...metricQueryOptions(id, 'today'), enabled: useEnabledUnlessRemoved(id, dwelled) });
}
