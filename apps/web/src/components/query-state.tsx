import { Alert, Group, Loader, type MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';

/**
 * A read's spinner while it is in flight, its error when it failed, else what `children` makes of its
 * data: every screen shows a loading list the same way.
 */
export function QueryState<T>({
  query,
  py = 'xl',
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's vertical room: 'xl' for a page, 'sm' inside a card. */
  py?: MantineSpacing;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Group justify="center" py={py}>
        <Loader size="sm" aria-label="Loading" />
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light">
        {errorMessage(query.error)}
      </Alert>
    );
  return children(query.data);
}
