import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { useRuntimeConfig } from '@/config/runtime-config';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export default function LoginRoute() {
  const { productName } = useRuntimeConfig();
  return (
    <AuthCard
      title="Login"
      description={`Welcome back to ${productName}.`}
      footer={
        <>
          Don't have an account?{' '}
          <Anchor component={Link} to="/signup" size="sm" fw={500}>
            Sign up
          </Anchor>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
