import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import { RocketIcon } from '@/components/icons';
import { useProfile } from '@/lib/auth';
import { openPlansPopup } from '@/lib/plans-popup';
import { useActiveSubscription } from '@/lib/subscription';
import { useFormatTime } from '@/lib/time-settings';
import { AutoRenewSwitch } from './auto-renew-switch';
import { type PlanOutlook, planLabel, planOutlook } from './plan-renewal';

/** What happens when the plan ends, in a sentence or two. */
function OutlookText({ outlook }: { outlook: PlanOutlook }) {
  const formatTime = useFormatTime();
  const formatDate = (instant: string | number) => formatTime(instant, 'numeric-date');
  if (outlook.kind === 'renews') {
    return (
      <>
        <Text size="sm">
          Renews on {formatDate(outlook.end)} for {formatTomans(outlook.price)} from your credit.
        </Text>
        {outlook.shortBy > 0 && (
          <Alert color="yellow" variant="light" p="sm">
            Your credit is short by {formatTomans(outlook.shortBy)}: charge before then or the plan moves to Free.
          </Alert>
        )}
      </>
    );
  }
  if (outlook.kind === 'ends') {
    return <Text size="sm">Ends on {formatDate(outlook.end)}; then your account moves to the Free plan.</Text>;
  }
  return null;
}

/**
 * 'Your Plan' on the Billing page: the running plan and period, when it renews from the wallet or
 * ends, and the switch that stops or resumes the renewal. Free offers Upgrade Plan instead.
 */
export function YourPlanCard() {
  const { data: me } = useProfile();
  const subscription = useActiveSubscription();
  const loaded = subscription.isSuccess;
  const active = subscription.data ?? null;
  const outlook = planOutlook(active, me?.charged_budget);
  const switchable = outlook.kind === 'renews' || (outlook.kind === 'ends' && outlook.switchable);
  return (
    <Paper component="section" aria-label="Your Plan" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="md">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Your Plan
            </Text>
            <Text fz={28} fw={700} data-testid="finance-plan">
              {loaded ? planLabel(active) : '—'}
            </Text>
          </Stack>
          {loaded && outlook.kind === 'free' && (
            <Button leftSection={<RocketIcon size={16} />} onClick={openPlansPopup}>
              Upgrade Plan
            </Button>
          )}
        </Group>
        {loaded && <OutlookText outlook={outlook} />}
        {loaded && active && switchable && (
          <AutoRenewSwitch autoRenew={active.auto_renew} demo={me?.is_demo === true} />
        )}
      </Stack>
    </Paper>
  );
}
