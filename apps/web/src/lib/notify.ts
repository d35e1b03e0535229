import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Toasts (spec §9: they last 10 seconds; the default is set on <Notifications>). */
export const NOTIFICATION_DURATION_MS = 10_000;

export const notify = {
  success: (message: ReactNode) => notifications.show({ message, color: 'teal' }),
  /** Failures whose text comes from the server or the spec. */
  warning: (message: ReactNode) => notifications.show({ message, color: 'orange' }),
  error: (message: ReactNode) => notifications.show({ message, color: 'red' }),
};
