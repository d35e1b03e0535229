import { Table, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { formatDateTime } from '@/lib/date-time';
import { monitorAddress, NOTIFICATION_TYPE_LABELS } from './notification-labels';
import { NotificationStatus } from './notification-status';

/** The history as a table: Type, Monitor, Recipient, Date, Status. */
export function NotificationHistoryTable({ items }: { items: readonly NotificationHistoryItem[] }) {
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" fz="sm" aria-label="Notification history" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Type</Table.Th>
            <Table.Th>Monitor</Table.Th>
            <Table.Th>Recipient</Table.Th>
            <Table.Th w={165}>Date</Table.Th>
            <Table.Th w="26%">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{NOTIFICATION_TYPE_LABELS[item.notification_type]}</Table.Td>
              <Table.Td>
                <Text inherit truncate="end" title={monitorAddress(item)} dir="ltr">
                  {monitorAddress(item)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text inherit truncate="end" title={item.recipient} dir="ltr">
                  {item.recipient}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.creation_time)}</Table.Td>
              <Table.Td>
                <NotificationStatus item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
