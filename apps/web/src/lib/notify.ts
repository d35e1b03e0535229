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

/**
 * How long a carried toast survives closings: the change it introduces comes at once, but may come
 * as more than one closing (a dialog opening while the page behind it settles, a route and a
 * dialog); a first closing alone was a race the slower machine lost.
 */
export const CARRY_OVER_MS = 1_500;

/** Toasts that survive the page changes and dialogs of their first moments, by id: until when (epoch ms). */
const carriedOver = new Map<string, number>();
let sequence = 0;

function show(color: string, message: ReactNode, options: NotifyOptions = {}): string {
  const id = `toast-${++sequence}`;
  if (options.carryOver) carriedOver.set(id, Date.now() + CARRY_OVER_MS);
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
 * over its buttons for 10 seconds), the toasts close — except those just shown to introduce it.
 */
export function closeToasts(): void {
  const now = Date.now();
  const keep = new Set<string>();
  for (const [id, until] of carriedOver) {
    if (until >= now) keep.add(id);
    else carriedOver.delete(id);
  }
  const { notifications: shown, queue } = notificationsStore.getState();
  for (const toast of [...shown, ...queue]) {
    if (toast.id && !keep.has(toast.id)) notifications.hide(toast.id);
  }
}
