import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useProfile } from '@/lib/auth';
import { returnTo } from '@/lib/return-path';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import type { PlanOutcome } from '../hooks/use-payment-result';
import type { PaymentResult as Result } from '../hooks/use-recorded-payment';
import { planPrice, topUpAmount, topUpPath } from './plan-purchase';

function Mark({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon size={56} radius="xl" variant="light" color={ok ? 'teal' : 'red'} aria-hidden>
      <svg
        width={28}
        height={28}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2.5}
        aria-hidden="true"
      >
        {ok ? <path d="m5 12 5 5L20 7" /> : <path d="M6 6l12 12M18 6 6 18" />}
      </svg>
    </ThemeIcon>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A refused purchase: the server's text, and a way to top up when the wallet was short. */
function PurchaseFailed({ plan, error, period }: { plan: string; error: unknown; period: Result['period'] }) {
  const { data: me } = useProfile();
  const plans = useSubscriptionPlans(true);
  const short = error instanceof ApiError && error.status === 402;
  const offered = plans.data?.find((item) => item.name === plan);
  const to =
    offered && me ? topUpPath(plan, period, topUpAmount(planPrice(offered, period), me.charged_budget)) : '/finance';
  return (
    <Stack gap="xs" align="center" role="alert">
      <Text c="red.7" ta="center">
        {errorMessage(error)}
      </Text>
      {short && (
        <Button component={Link} to={to} variant="light" size="sm">
          Top up
        </Button>
      )}
    </Stack>
  );
}

function PlanLine({ plan, period }: { plan: PlanOutcome; period: Result['period'] }) {
  const location = useLocation();
  switch (plan.state) {
    case 'none':
      return null;
    case 'active':
      return (
        <Text fw={700} fz="lg" c="teal.8" ta="center">
          Plan {plan.plan} activated!
        </Text>
      );
    case 'confirming':
      return (
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Checking your plan…
          </Text>
        </Group>
      );
    case 'unconfirmed':
      return (
        <Text size="sm" ta="center">
          Plan {plan.plan} is not shown as your active plan.{' '}
          <Anchor component={Link} to="/finance" fw={500}>
            See your plan
          </Anchor>
        </Text>
      );
    case 'checking':
    case 'buying':
      return (
        <Group gap="xs" justify="center">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Activating plan {plan.plan}…
          </Text>
        </Group>
      );
    case 'sign-in':
      return (
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" state={returnTo(location)} fw={500}>
            Log in
          </Anchor>{' '}
          to activate plan {plan.plan}.
        </Text>
      );
    case 'failed':
      return <PurchaseFailed plan={plan.plan} error={plan.error} period={period} />;
  }
}

/** Before the recorded result is known: reading it, a visitor to sign in, or why it cannot be read. */
function Unsettled({ result }: { result: Result }) {
  const location = useLocation();
  if (result.status === 'loading')
    return (
      <Group gap="xs" justify="center">
        <Loader size="sm" />
        <Text c="dimmed">Checking the payment…</Text>
      </Group>
    );
  if (result.status === 'sign-in')
    return (
      <Stack gap="sm" align="center">
        <Title order={1} fz={24} ta="center">
          Payment result
        </Title>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" state={returnTo(location)} fw={500}>
            Log in
          </Anchor>{' '}
          to see the result of this payment.
        </Text>
      </Stack>
    );
  return (
    <Text c="red.7" ta="center" role="alert">
      {errorMessage(result.error)}
    </Text>
  );
}

/**
 * The payment result (spec §2): on OK the code, the amount and the plan; otherwise 'Transaction
 * Failed!'. At the transaction result all of it is the server's record of the payment.
 */
export function PaymentResultCard({ result, plan }: { result: Result; plan: PlanOutcome }) {
  const ok = result.status === 'ok';
  const settled = ok || result.status === 'failed';
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Stack gap="lg" align="stretch">
          {settled ? (
            <Stack gap="sm" align="center">
              <Mark ok={ok} />
              <Title order={1} fz={24} ta="center">
                {ok ? 'Transaction Successful' : 'Transaction Failed!'}
              </Title>
            </Stack>
          ) : (
            <Unsettled result={result} />
          )}
          {ok && (result.code !== null || result.amount !== null) && (
            <Stack gap={6}>
              {result.code !== null && (
                <Detail label="Transaction ID">
                  <span dir="ltr" data-testid="transaction-code">
                    {result.code}
                  </span>
                </Detail>
              )}
              {result.amount !== null && <Detail label="Amount">{formatTomans(result.amount)}</Detail>}
            </Stack>
          )}
          <PlanLine plan={plan} period={result.period} />
          <Button component={Link} to="/" variant="light" fullWidth>
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
