import { Box } from '@mantine/core';
import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { removeFirstScreen } from '@/first-screen/remove-first-screen';
import { useSession } from '@/lib/session-store';
import { isDashboardPath } from '../route-loaders';
import { AccountSwitchPrompt } from './account-switch-prompt';
import { useCloseToastsOnRouteChange } from './use-close-toasts-on-route-change';

/**
 * Wraps every route: the lazy-screen fallback, the red frame while impersonating (spec §2), and
 * the question a sign-in link for another account asks; toasts close when the page is left.
 */
export function RootLayout() {
  const { impersonating } = useSession();
  useCloseToastsOnRouteChange();
  // The first screen (src/first-screen/) is the list's: on any other screen (sign-in after a key was
  // refused, a verification, …) it goes at once.
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (!isDashboardPath(pathname)) removeFirstScreen();
  }, [pathname]);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      <AccountSwitchPrompt />
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
