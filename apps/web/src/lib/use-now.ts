import { useSyncExternalStore } from 'react';

/**
 * The current time, moving by itself: every screen that shows "Now" or a span still going on reads
 * it, so those times stay honest between updates. One timer serves every reader, and it runs only
 * while something on screen reads it.
 */
const TICK_MS = 1_000;
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const wake of listeners) wake();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const read = () => now;

/** Epoch milliseconds, updated every second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, read, read);
}
