import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ForgetPasswordForm } from '@/features/auth/components/forget-password-form';

export default function ForgetPasswordRoute() {
  return (
    <AuthCard
      title="Forget Password?"
      description="Enter your email and we will send you a link to set a new password."
      footer={
        <Anchor component={Link} to="/login" size="sm" fw={500}>
          Back to login
        </Anchor>
      }
    >
      <ForgetPasswordForm />
    </AuthCard>
  );
}
