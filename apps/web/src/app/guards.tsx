import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/lib/auth';
import { type ReturnState, returnTo, safeReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session-store';

type AuthStatus = 'loading' | 'signed-out' | 'unverified' | 'verified';

/** Where the session stands. A key whose profile cannot be read counts as signed out. */
export function useAuthStatus(): AuthStatus {
  const { token } = useSession();
  const { data: me, isError } = useProfile();
  if (!token || isError) return 'signed-out';
  if (!me) return 'loading';
  return me.is_verified ? 'verified' : 'unverified';
}

/**
 * Private routes (spec §2): signed-out users go to /login — remembering where they were going, so
 * a link from a mail (an alert email's confirmation) still works after signing in — and unverified
 * users to /verify_email.
 */
export function PrivateRoute() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={returnTo(location)} />;
  if (status === 'unverified') return <Navigate to="/verify_email" replace />;
  return <Outlet />;
}

/** Guest-only routes (spec §2): signed-in users go to / (or where they were going), or to /verify_email while unverified. */
export function GuestOnlyRoute() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'verified') return <Navigate to={safeReturnPath((location.state as ReturnState)?.from)} replace />;
  if (status === 'unverified') return <Navigate to="/verify_email" replace />;
  return <Outlet />;
}
