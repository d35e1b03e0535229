import { Table, Text } from '@mantine/core';
import type { FinancialTransaction } from '@paydar/contracts/billing';
import { useFormatTime } from '@/lib/time-settings';
import { transactionCode, transactionCost, transactionType } from './transaction-labels';

/** The history as a table: Type, Cost, Description, Code, Date (spec §2 Finance). */
export function TransactionHistoryTable({ items }: { items: readonly FinancialTransaction[] }) {
  const formatTime = useFormatTime();
  return (
    <Table.ScrollContainer minWidth={780}>
      <Table verticalSpacing="sm" fz="sm" aria-label="Transaction History" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>Type</Table.Th>
            <Table.Th w={180} ta="right">
              Cost
            </Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th w={170}>Code</Table.Th>
            <Table.Th w={160}>Date</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{transactionType(item)}</Table.Td>
              <Table.Td
                ta="right"
                fw={600}
                c={item.amount < 0 ? 'red.7' : 'teal.7'}
                style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {transactionCost(item)}
              </Table.Td>
              <Table.Td>
                <Text inherit truncate="end" title={item.description}>
                  {item.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text inherit truncate="end" title={transactionCode(item)} dir="ltr" ff="monospace" fz="xs">
                  {transactionCode(item)}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatTime(item.creation_time, 'numeric-date-time')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
