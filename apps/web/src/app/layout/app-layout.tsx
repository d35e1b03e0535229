import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session-store';
import { HEADER_ROW_HEIGHT, Header, IMPERSONATION_ROW_HEIGHT } from './header';
import { PlansPopupHost } from './plans-popup-host';

/** The signed-in frame: header on top, the screen below; the header stays while a screen loads. */
export function AppLayout() {
  const { impersonating } = useSession();
  const height = impersonating
    ? { base: HEADER_ROW_HEIGHT + IMPERSONATION_ROW_HEIGHT, sm: HEADER_ROW_HEIGHT }
    : HEADER_ROW_HEIGHT;
  return (
    <AppShell header={{ height }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <PlansPopupHost />
    </AppShell>
  );
}
