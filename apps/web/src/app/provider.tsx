import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATION_DURATION_MS } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { theme } from './theme';

/** Everything a screen needs around it: theme, toasts and the query cache. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-right" autoClose={NOTIFICATION_DURATION_MS} zIndex={1000} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
