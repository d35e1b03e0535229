import { useSyncExternalStore } from 'react';

/**
 * An app-wide open/closed flag for one popup or drawer that the app layout mounts once and that
 * places which may not import its feature (another feature, a toast) open.
 */
export function createOpenFlag() {
  let opened = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    opened = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  return {
    open: () => set(true),
    close: () => set(false),
    /** Whether it is showing (a form popup under it must then ignore Escape). */
    useOpened: (): boolean =>
      useSyncExternalStore(
        subscribe,
        () => opened,
        () => opened,
      ),
  };
}
