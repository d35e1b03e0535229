import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ConfirmEmailChangePanel } from '@/features/auth/components/confirm-email-change-panel';
import { returnTo } from '@/lib/return-path';
import { useAuthStatus } from '../../guards';

/**
 * /confirm_email (query token): the link mailed to a new address. Only the account that asked can
 * confirm it, so a signed-out visitor signs in first and comes back; unverified users may confirm
 * too (a typo at sign-up is fixed this way), so this is not a private route.
 */
export default function ConfirmEmailRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const status = useAuthStatus();
  if (status === 'loading') return <PageLoader />;
  if (status === 'signed-out') return <Navigate to="/login" replace state={returnTo(location)} />;
  return (
    <AuthCard title="Confirm your new email">
      <ConfirmEmailChangePanel token={params.get('token')} />
    </AuthCard>
  );
}
