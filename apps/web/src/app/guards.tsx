import { Navigate, Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/lib/auth';
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

/** Private routes (spec §2): signed-out users go to /login, unverified users to /verify_email. */
export function PrivateRoute() {
  const status = useAuthStatus();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  if (status === 'unverified') return <Navigate to="/verify_email" replace />;
  return <Outlet />;
}

/** Guest-only routes (spec §2): signed-in users go to /, or to /verify_email while unverified. */
export function GuestOnlyRoute() {
  const status = useAuthStatus();
  if (status === 'loading') return <PageLoader />;
  if (status === 'verified') return <Navigate to="/" replace />;
  if (status === 'unverified') return <Navigate to="/verify_email" replace />;
  return <Outlet />;
}
