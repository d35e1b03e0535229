import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import { useProfile } from '@/lib/auth';

/** /finance: Billing. Charging and the transaction history arrive with the billing screens. */
export default function FinanceRoute() {
  const { data: me } = useProfile();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1} fz={26}>
          Billing
        </Title>
        <Paper withBorder radius="md" p="lg" maw={360}>
          <Text size="sm" c="dimmed">
            Your Credit
          </Text>
          <Text fz={28} fw={700}>
            {me ? formatTomans(me.charged_budget) : '—'}
          </Text>
        </Paper>
      </Stack>
    </Container>
  );
}
