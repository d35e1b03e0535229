import { Alert, Anchor, Center, Stack } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { useImpersonate } from '../api/impersonate';

/** /impersonate?token=…: stores the user's key with the flag, then reloads into / (spec §4). */
export function ImpersonateEntry({ token }: { token: string | null }) {
  const impersonate = useImpersonate();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    impersonate.mutate({ token }, { onSuccess: () => window.location.replace('/') });
  }, [token, impersonate]);

  if (token && !impersonate.isError) return <PageLoader label="Signing in…" />;
  return (
    <Center mih="100dvh" px="md">
      <Stack maw={420} w="100%">
        <Alert color="red" title="Impersonation failed">
          {impersonate.isError ? errorMessage(impersonate.error) : 'The link has no token.'}
        </Alert>
        <Anchor component={Link} to="/login" ta="center">
          Back to login
        </Anchor>
      </Stack>
    </Center>
  );
}
