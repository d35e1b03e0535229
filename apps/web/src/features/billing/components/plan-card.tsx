import { Anchor, Badge, Card, Group, Image, List, Stack, Text, Title } from '@mantine/core';
import { ENTERPRISE_LEVEL, type Plan } from '@paydar/contracts/plans';
import { formatNumber, formatPlanPrice, formatSeconds } from '@paydar/domain/format';
import { useRuntimeConfig } from '@/config/runtime-config';

function features(plan: Plan): string[] {
  const spec = plan.specifications;
  const lines = [
    `${formatNumber(spec.MAXIMUM_MONITOR_COUNT)} monitors`,
    `Checks as often as every ${formatSeconds(spec.MINIMUM_MONITOR_PERIOD)}`,
    `${spec.PROBERS} ${spec.PROBERS === 1 ? 'prober' : 'probers'} per monitor`,
    `${formatNumber(spec.METRIC_HISTORY_DAYS)} days of history`,
    `${formatNumber(plan.description.quantity.Notification)} notifications`,
    `Protocols: ${plan.description.quality.Protocol.join(', ')}`,
  ];
  if (plan.description.quality.VoiceCall) lines.push('Voice call alerts');
  if (spec.MONITOR_GROUP) lines.push('Monitor groups');
  return lines;
}

/** One plan: name, monthly price and what it allows. Buying arrives with the billing screens. */
export function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
  const { supportEmail } = useRuntimeConfig();
  const isEnterprise = plan.level === ENTERPRISE_LEVEL;
  // Enterprise is priced per customer: it shows 'Contact us', never a price.
  const price = isEnterprise ? 'Contact us' : formatPlanPrice(plan.default_cost);
  const priceNote = isEnterprise ? 'priced for you' : price === 'Free' ? 'No charge' : 'per month';
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      style={current ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
    >
      <Stack gap="sm" h="100%">
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
        <List size="sm" spacing={4} c="gray.7">
          {features(plan).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        {isEnterprise && (
          <Anchor href={`mailto:${supportEmail}`} size="sm" mt="auto">
            {supportEmail}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
