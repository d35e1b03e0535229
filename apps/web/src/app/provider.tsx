import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '@/lib/color-scheme';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_LIMIT } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { cssVariablesResolver } from './css-variables';
import { theme } from './theme';

/**
 * Everything a screen needs around it: theme (following the system's light or dark until the user
 * picks one), toasts and the query cache.
 *
 * Toasts sit at the top centre, narrower than a phone: a dialog's buttons are at its foot, and the
 * close button of a full-screen dialog on a phone is in a corner the toasts leave free.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications
        position="top-center"
        limit={NOTIFICATION_LIMIT}
        autoClose={NOTIFICATION_DURATION_MS}
        containerWidth="min(440px, calc(100vw - 128px))"
        zIndex={1000}
      />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
