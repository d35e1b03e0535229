import { Anchor, Badge, Button, Card, Group, Image, List, Progress, Stack, Text, Title } from '@mantine/core';
import { ENTERPRISE_LEVEL, type Plan } from '@paydar/contracts/plans';
import { formatPlanPrice, formatTomans } from '@paydar/domain/format';
import { useRuntimeConfig } from '@/config/runtime-config';
import type { SubscriptionPeriod } from '@/lib/charge-popup';
import type { PlanBar } from './plan-bars';
import { planPrice } from './plan-purchase';

/** What a plan allows besides the bars. */
function qualities(plan: Plan): string[] {
  const lines = [`Protocols: ${plan.description.quality.Protocol.join(', ')}`];
  if (plan.description.quality.VoiceCall) lines.push('Voice call alerts');
  if (plan.specifications.MONITOR_GROUP) lines.push('Monitor groups');
  return lines;
}

function Bar({ bar, planName }: { bar: PlanBar; planName: string }) {
  return (
    <Stack gap={3}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {bar.label}
        </Text>
        <Text size="xs" fw={600}>
          {bar.value}
        </Text>
      </Group>
      <Progress value={bar.percent} size={6} radius="xl" aria-label={`${planName} ${bar.label}: ${bar.value}`} />
    </Stack>
  );
}

export type PlanCardProps = {
  plan: Plan;
  current: boolean;
  bars: PlanBar[];
  period: SubscriptionPeriod;
  /** Shown only when the plan is above the current level and not Enterprise (spec §4). */
  onUpgrade?: () => void;
};

/** One plan (spec §2 Plans popup): price per month, spec bars, what else it allows, and Upgrade Plan. */
export function PlanCard({ plan, current, bars, period, onUpgrade }: PlanCardProps) {
  const { supportEmail } = useRuntimeConfig();
  const isEnterprise = plan.level === ENTERPRISE_LEVEL;
  // Enterprise is priced per customer: it shows 'Contact us', never a price.
  const price = isEnterprise ? 'Contact us' : formatPlanPrice(plan.default_cost);
  const free = !isEnterprise && plan.default_cost <= 0;
  let priceNote = 'per month';
  if (isEnterprise) priceNote = 'priced for you';
  else if (free) priceNote = 'No charge';
  else if (period === 'Yearly') priceNote = `per month, ${formatTomans(planPrice(plan, 'Yearly'))} a year`;

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-label={`${plan.name} plan`}
      style={current ? { borderColor: 'var(--mantine-color-blue-5)', borderWidth: 2 } : undefined}
    >
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="lg">
            {plan.name}
          </Title>
          {current && <Badge variant="light">Current plan</Badge>}
        </Group>
        {plan.image_url && <Image src={plan.image_url} alt="" h={56} w="auto" fit="contain" />}
        <Stack gap={0}>
          <Text fz={22} fw={700} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
            {price}
          </Text>
          <Text size="sm" c="dimmed">
            {priceNote}
          </Text>
        </Stack>
        <Stack gap={8}>
          {bars.map((bar) => (
            <Bar key={bar.label} bar={bar} planName={plan.name} />
          ))}
        </Stack>
        <List size="sm" spacing={2} c="dimmed">
          {qualities(plan).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {isEnterprise && (
          <Anchor href={`mailto:${supportEmail}`} size="sm" mt="auto">
            {supportEmail}
          </Anchor>
        )}
        {onUpgrade && (
          <Button mt="auto" fullWidth onClick={onUpgrade}>
            Upgrade Plan
          </Button>
        )}
      </Stack>
    </Card>
  );
}
