import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { VerifyEmailPanel } from '@/features/auth/components/verify-email-panel';

/** /verify_email, open to everyone; unverified users are sent here. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Verify your email">
      <VerifyEmailPanel token={params.get('token')} email={params.get('email')} />
    </AuthCard>
  );
}
