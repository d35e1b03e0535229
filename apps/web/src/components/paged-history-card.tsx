import { Button, Center, Group, Loader, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '@/lib/breakpoints';

type PagedHistoryCardProps<Item> = {
  /** The section's id stem: the title gets `<id>-title`. */
  id: string;
  title: string;
  /** What the rows are, for the loader and the error: 'the transaction history'. */
  what: string;
  /** '1 transaction' / '12 transactions'. */
  countLabel: (count: number) => string;
  empty: ReactNode;
  history: UseQueryResult<{ count: number; results: Item[] }>;
  pageSize: number;
  page: number;
  onPageChange: (page: number) => void;
  /** The rows as a table (wide screens) or as cards (phones). */
  renderItems: (items: Item[], phone: boolean) => ReactNode;
  /** Controls that narrow the list, shown above it. */
  filters?: ReactNode;
};

/**
 * A history paged by the server (the Alert Center's notifications, the Finance transactions): a
 * titled card with its count, loading, error with retry, an empty text, and the pages.
 */
export function PagedHistoryCard<Item>({
  id,
  title,
  what,
  countLabel,
  empty,
  history,
  pageSize,
  page,
  onPageChange,
  renderItems,
  filters,
}: PagedHistoryCardProps<Item>) {
  const phone = useMediaQuery(PHONE_QUERY) === true;
  const count = history.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const items = history.data?.results ?? [];

  let body: ReactNode;
  if (history.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  } else if (history.isError) {
    body = (
      <Stack align="center" gap="xs" py="lg">
        <Text size="sm" c="dimmed">
          {`${what[0]?.toUpperCase()}${what.slice(1)} could not be loaded.`}
        </Text>
        <Button variant="default" size="xs" onClick={() => history.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (!items.length) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {empty}
      </Text>
    );
  } else {
    body = renderItems(items, phone);
  }

  return (
    <Paper component="section" aria-labelledby={`${id}-title`} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg" id={`${id}-title`}>
            {title}
          </Title>
          {count > 0 && (
            <Text size="sm" c="dimmed">
              {countLabel(count)}
            </Text>
          )}
        </Group>
        {filters}
        <div style={{ opacity: history.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>{body}</div>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
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
