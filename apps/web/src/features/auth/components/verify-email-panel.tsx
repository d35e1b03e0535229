import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { endSession, useProfile } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useSendVerificationToken } from '../api/send-verification-token';
import { useVerifyEmail } from '../api/verify-email';

type VerifyEmailPanelProps = {
  /** Both come from the emailed link; verification runs only when both are present (spec §2). */
  token: string | null;
  email: string | null;
};

export function VerifyEmailPanel({ token, email }: VerifyEmailPanelProps) {
  const navigate = useNavigate();
  const { data: me, refetch: refetchProfile } = useProfile();
  // Failures show no toast (spec §8); a link that expired or was used says so (issue 15), above the
  // Resend Email button, instead of claiming a mail was just sent.
  const verify = useVerifyEmail({ onSuccess: () => navigate('/', { replace: true }) });
  const refusal = refusedLinkText(verify.error);
  const resend = useSendVerificationToken();
  const started = useRef(false);

  useEffect(() => {
    if (!token || !email || started.current) return;
    started.current = true; // once, also under StrictMode's double effects
    verify.mutate({ token, email });
  }, [token, email, verify]);

  const address = me?.email ?? email;

  const onResend = () => {
    if (!address) return;
    resend.mutate({ email: address }, { onSuccess: () => notify.success('Verification email has been sent.') });
  };

  const onLogin = async () => {
    // Verified meanwhile (e.g. from the link in another tab): go home. Still unverified: sign out
    // here, so the login page does not send the user straight back to this page.
    if (me) {
      const { data: fresh } = await refetchProfile();
      if (fresh?.is_verified) {
        navigate('/');
        return;
      }
      endSession();
    }
    navigate('/login');
  };

  return (
    <Stack gap="lg">
      {refusal ? (
        <Alert color="orange" title={refusal.title} data-testid="verification-link-refused">
          {refusal.hint}
        </Alert>
      ) : (
        <Text>We've sent verification email. Please check your email.</Text>
      )}
      {address && (
        <Text size="sm" c="dimmed">
          Email:{' '}
          <Text span fw={600} c="bright" inherit>
            {address}
          </Text>
        </Text>
      )}
      {verify.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Verifying your email…
          </Text>
        </Group>
      )}
      <Group grow>
        <Button variant="default" onClick={onLogin}>
          Login
        </Button>
        <Button onClick={onResend} loading={resend.isPending} disabled={!address}>
          Resend Email
        </Button>
      </Group>
    </Stack>
  );
}

const RESEND_HINT = 'Send a new verification email below, then open the link in it.';

/** What to say about a link the server refused: its own words for an expired or used link, a plain one otherwise. */
function refusedLinkText(error: Error | null): { title: string; hint: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'LINK_EXPIRED') return { title: error.message, hint: RESEND_HINT };
  if (error.code === 'LINK_USED') {
    return { title: error.message, hint: 'If it was you, your email is verified: log in. Otherwise send a new email.' };
  }
  if (error.code === 'INVALID_TOKEN') return { title: 'This verification link is not valid.', hint: RESEND_HINT };
  return null;
}
