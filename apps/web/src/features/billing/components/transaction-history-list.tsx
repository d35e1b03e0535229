import { Group, Paper, Stack, Text } from '@mantine/core';
import type { FinancialTransaction } from '@paydar/contracts/billing';
import { useFormatTime } from '@/lib/time-settings';
import { transactionCode, transactionCost, transactionType } from './transaction-labels';

/** The history on a phone: one small card per transaction instead of a table too wide for the screen. */
export function TransactionHistoryList({ items }: { items: readonly FinancialTransaction[] }) {
  const formatTime = useFormatTime();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Transaction History" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" px="sm" py={10}>
          <Stack gap={2}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {transactionType(item)}
              </Text>
              <Text
                size="sm"
                fw={700}
                c={item.amount < 0 ? 'red.7' : 'teal.7'}
                style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {transactionCost(item)}
              </Text>
            </Group>
            <Text size="sm">{item.description}</Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" ff="monospace" truncate="end" dir="ltr" title={transactionCode(item)}>
                {transactionCode(item)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatTime(item.creation_time, 'numeric-date-time')}
              </Text>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
