import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useConfirmEmailChange } from '../api/confirm-email-change';

/**
 * Opens the link mailed to a new address: the signed-in owner's session confirms the change once
 * (the route sends a signed-out visitor to /login and back here first).
 */
export function ConfirmEmailChangePanel({ token }: { token: string | null }) {
  const confirm = useConfirmEmailChange();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true; // once, also under StrictMode's double effects
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token) return <Text>This link is invalid or has expired.</Text>;
  return (
    <Stack gap="lg">
      {confirm.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Confirming your new email…
          </Text>
        </Group>
      )}
      {confirm.isSuccess && (
        <Alert color="teal" title="Email changed">
          You now sign in with <b>{confirm.data.email}</b>.
        </Alert>
      )}
      {confirm.isError && (
        <Alert color="red" title="Not changed">
          {confirm.error.message}
        </Alert>
      )}
      <Group grow>
        <Button component={Link} to="/account" variant="default">
          Account
        </Button>
        <Button component={Link} to="/">
          Go to dashboard
        </Button>
      </Group>
    </Stack>
  );
}
