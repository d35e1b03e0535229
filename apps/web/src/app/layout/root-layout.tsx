import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/lib/session-store';

/** Wraps every route: the lazy-screen fallback, and the red frame while impersonating (spec §2). */
export function RootLayout() {
  const { impersonating } = useSession();
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {impersonating && (
        <Box
          data-testid="impersonation-frame"
          pos="fixed"
          inset={0}
          style={{ border: '4px solid var(--mantine-color-red-6)', pointerEvents: 'none', zIndex: 10_000 }}
        />
      )}
    </>
  );
}
