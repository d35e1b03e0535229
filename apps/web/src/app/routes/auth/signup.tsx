import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { useRuntimeConfig } from '@/config/runtime-config';
import { AuthCard } from '@/features/auth/components/auth-card';
import { GuestBox } from '@/features/auth/components/guest-box';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupRoute() {
  const { productName } = useRuntimeConfig();
  return (
    <AuthCard
      title="Sign up"
      description={`Create your ${productName} account and start monitoring.`}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" size="sm" fw={500}>
            Login
          </Anchor>
        </>
      }
    >
      <Stack gap="lg">
        <SignupForm />
        <GuestBox />
      </Stack>
    </AuthCard>
  );
}
