import { Button, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { NOTIFICATION_HISTORY_PAGE_SIZE } from '@paydar/contracts/notifications';
import { type ReactNode, useState } from 'react';
import { PHONE_QUERY } from '@/lib/breakpoints';
import { useNotificationHistory } from '../api/get-notification-history';
import { NotificationHistoryList } from './notification-history-list';
import { NotificationHistoryTable } from './notification-history-table';

/** The notification history (spec §2 Alert Center): 10 a page, paged by the server. */
export function NotificationHistoryCard() {
  const [page, setPage] = useState(1);
  const history = useNotificationHistory(page);
  const phone = useMediaQuery(PHONE_QUERY) === true;
  const count = history.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / NOTIFICATION_HISTORY_PAGE_SIZE));
  const items = history.data?.results ?? [];

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the notification history" />
      </Center>
    );
  } else if (history.isError) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <Text size="sm" c="dimmed">
          The notification history could not be loaded.
        </Text>
        <Button variant="default" size="xs" onClick={() => history.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!items.length) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        No notifications yet. When a monitor goes down or comes back up, the alerts sent to your channels are listed
        here.
      </Text>
    );
  } else {
    body = phone ? <NotificationHistoryList items={items} /> : <NotificationHistoryTable items={items} />;
  }

  return (
    <Paper
      component="section"
      aria-labelledby="notification-history-title"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id="notification-history-title">
            Notification history
          </Title>
          {count > 0 && (
            <Text size="sm" c="dimmed">
              {count === 1 ? '1 notification' : `${count} notifications`}
            </Text>
          )}
        </Group>
        <div style={{ opacity: history.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</div>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              siblings={phone ? 0 : 1}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
