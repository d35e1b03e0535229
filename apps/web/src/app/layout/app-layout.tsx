import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { Header } from './header';

/** The signed-in frame: header on top, the screen below; the header stays while a screen loads. */
export function AppLayout() {
  return (
    <AppShell header={{ height: 64 }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main bg="gray.0">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
