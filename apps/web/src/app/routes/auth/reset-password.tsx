import { useSearchParams } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset_password?token=…&email=… from the emailed link. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Reset your password" description="Choose a new password for your account.">
      <ResetPasswordForm token={params.get('token') ?? ''} email={params.get('email') ?? ''} />
    </AuthCard>
  );
}
