import type { LiveMonitor, LiveReady } from '@paydar/contracts/live';
import { useSyncExternalStore } from 'react';

/**
 * Which of the signed-in user's monitors are down now, as the stream tells it: the whole set on
 * each `ready`, then each change. The tab title counts them; the list alone could not (it loads
 * figures only for the items on screen).
 */
let down = new Set<number>();
const listeners = new Set<() => void>();

function set(next: Set<number>) {
  if (next.size === down.size && [...next].every((id) => down.has(id))) return;
  down = next;
  for (const listener of listeners) listener();
}

export const downMonitors = {
  ready(ready: LiveReady) {
    set(new Set(ready.down));
  },
  changed(live: LiveMonitor) {
    const next = new Set(down);
    if (live.is_enabled && live.is_down) next.add(live.id);
    else next.delete(live.id);
    set(next);
  },
  removed(id: number) {
    const next = new Set(down);
    next.delete(id);
    set(next);
  },
  clear() {
    set(new Set());
  },
  count: () => down.size,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many of the user's monitors are down now. */
export function useDownCount(): number {
  return useSyncExternalStore(subscribe, downMonitors.count, downMonitors.count);
}
