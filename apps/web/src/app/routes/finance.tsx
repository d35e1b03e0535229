import { Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatTomans } from '@paydar/domain/format';
import { PlusIcon } from '@/components/icons';
import { TransactionHistoryCard } from '@/features/billing/components/transaction-history-card';
import { YourPlanCard } from '@/features/billing/components/your-plan-card';
import { useFinanceQuery } from '@/features/billing/hooks/use-finance-query';
import { useProfile } from '@/lib/auth';
import { openChargePopup } from '@/lib/charge-popup';

/**
 * /finance: Billing (spec §2 Finance): 'Your Credit' with a Charge button beside 'Your Plan' (its
 * end and renewal), and the Transaction History. Its query (goal, amount, plan_name, yearly) opens
 * the Charge popup pre-filled.
 */
export default function FinanceRoute() {
  const { data: me } = useProfile();
  const request = useFinanceQuery();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1} fz={26}>
          Billing
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper component="section" aria-label="Your Credit" withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Group justify="space-between" align="center" gap="md">
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  Your Credit
                </Text>
                <Text fz={28} fw={700} data-testid="finance-balance">
                  {me ? formatTomans(me.charged_budget) : '—'}
                </Text>
              </Stack>
              <Button leftSection={<PlusIcon size={16} />} onClick={() => openChargePopup(request ?? {})}>
                Charge
              </Button>
            </Group>
          </Paper>
          <YourPlanCard />
        </SimpleGrid>
        <TransactionHistoryCard />
      </Stack>
    </Container>
  );
}
