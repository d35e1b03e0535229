import { Table, Text } from '@mantine/core';
import type { NotificationHistoryItem } from '@paydar/contracts/notifications';
import { useFormatTime } from '@/lib/time-settings';
import { NotificationChannel } from './notification-channel';
import { NotificationKindTag } from './notification-kind-tag';
import { monitorLabel } from './notification-labels';
import { NotificationStatus } from './notification-status';

type Props = { items: readonly NotificationHistoryItem[]; timeZone: string | undefined };

/** The history as a table: Time, Monitor, Event, Reason, Channel, Outcome. */
export function NotificationHistoryTable({ items, timeZone }: Props) {
  const formatTime = useFormatTime();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" fz="sm" aria-label="Notification history" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150} title={timeZone ? `In ${timeZone}` : undefined}>
              Time
            </Table.Th>
            <Table.Th>Monitor</Table.Th>
            <Table.Th w={100}>Event</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th w="24%">Channel</Table.Th>
            <Table.Th w="18%">Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(item.creation_time)}</Table.Td>
              <Table.Td>
                <Text
                  inherit
                  truncate="end"
                  title={monitorLabel(item)}
                  dir="ltr"
                  c={item.kind === 'test' ? 'dimmed' : undefined}
                >
                  {monitorLabel(item)}
                </Text>
              </Table.Td>
              <Table.Td>
                <NotificationKindTag kind={item.kind} />
              </Table.Td>
              <Table.Td>
                <Text inherit lineClamp={2} title={item.reason ?? undefined} c={item.reason ? undefined : 'dimmed'}>
                  {item.reason ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <NotificationChannel item={item} />
              </Table.Td>
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
