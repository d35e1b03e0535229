import { useSyncExternalStore } from 'react';

/**
 * Whether the Plans popup is open. One popup serves the whole signed-in app (mounted by the app
 * layout); the user menu and the plan-limit notices — toasts that outlive the form that raised
 * them — open it from here.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  opened = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const openPlansPopup = () => set(true);
export const closePlansPopup = () => set(false);

/** Whether the Plans popup is showing (a form popup under it must then ignore Escape). */
export function usePlansPopupOpened(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => opened,
    () => opened,
  );
}
