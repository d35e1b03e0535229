import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Toasts (spec §9: they last 10 seconds; the default is set on <Notifications>). */
export const NOTIFICATION_DURATION_MS = 10_000;
/** At most this many toasts are on screen: a new one replaces the oldest, so the latest news is never queued. */
export const NOTIFICATION_LIMIT = 3;

export type NotifyOptions = {
  /**
   * The toast tells the outcome of an action that then opens another page or a dialog (a monitor
   * created, then its detail opens; a code sent, then the popup asks for it): it survives that one
   * change and belongs to what opened.
   */
  carryOver?: boolean;
};

/** Ids of toasts that survive the next page change or dialog (see NotifyOptions.carryOver). */
const carriedOver = new Set<string>();
let sequence = 0;

function show(color: string, message: ReactNode, options: NotifyOptions = {}): string {
  const id = `toast-${++sequence}`;
  if (options.carryOver) carriedOver.add(id);
  const { notifications: shown } = notificationsStore.getState();
  const oldest = shown.length >= NOTIFICATION_LIMIT ? shown[0]?.id : undefined;
  if (oldest) notifications.hide(oldest);
  notifications.show({ id, message, color });
  return id;
}

export const notify = {
  success: (message: ReactNode, options?: NotifyOptions) => show('teal', message, options),
  /** Failures whose text comes from the server or the spec. */
  warning: (message: ReactNode, options?: NotifyOptions) => show('orange', message, options),
  error: (message: ReactNode, options?: NotifyOptions) => show('red', message, options),
};

/**
 * What was said belongs to what the user was looking at. When they leave the page (a failed login
 * must not stay over the dashboard the guest login opened) or a dialog opens (a toast would lie
 * over its buttons for 10 seconds), the toasts close — except those shown to introduce it, once.
 */
export function closeToasts(): void {
  const keep = new Set(carriedOver);
  carriedOver.clear();
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const toast of [...shown, ...queue]) {
    if (toast.id && !keep.has(toast.id)) notifications.hide(toast.id);
  }
}
