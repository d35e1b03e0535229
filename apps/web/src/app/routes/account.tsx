import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { PageLoader } from '@/components/page-loader';
import { ApiTokensSection } from '@/features/api-tokens/components/api-tokens-section';
import { ChangeEmailForm } from '@/features/auth/components/change-email-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { TimeSettingsForm } from '@/features/auth/components/time-settings-form';
import { useProfile } from '@/lib/auth';

/** /account: the login email, the time zone, the password and API tokens (sign out everywhere is in the user menu). */
export default function AccountRoute() {
  const { data: me } = useProfile();
  if (!me) return <PageLoader />;
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg">
        <Title order={1} fz={26}>
          Account
        </Title>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} fz={18}>
              Email
            </Title>
            {me.is_demo ? (
              <Text size="sm">The demo account cannot be changed. Sign up to make your own.</Text>
            ) : (
              <ChangeEmailForm me={me} />
            )}
          </Stack>
        </Paper>
        {!me.is_demo && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz={18}>
                Time zone and calendar
              </Title>
              <TimeSettingsForm me={me} />
            </Stack>
          </Paper>
        )}
        {!me.is_demo && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz={18}>
                Password
              </Title>
              <Text size="sm" c="dimmed">
                Changing it signs out every other browser and device.
              </Text>
              <ChangePasswordForm />
            </Stack>
          </Paper>
        )}
        {!me.is_demo && (
          <Paper withBorder radius="md" p="lg">
            <ApiTokensSection />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
