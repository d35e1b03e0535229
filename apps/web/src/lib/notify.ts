import { notifications } from '@mantine/notifications';

/** Toasts (spec §9: they last 10 seconds; the default is set on <Notifications>). */
export const NOTIFICATION_DURATION_MS = 10_000;

export const notify = {
  success: (message: string) => notifications.show({ message, color: 'teal' }),
  /** Failures whose text comes from the server or the spec. */
  warning: (message: string) => notifications.show({ message, color: 'orange' }),
  error: (message: string) => notifications.show({ message, color: 'red' }),
};
