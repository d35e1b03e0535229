import { Button, Group, Stack, Text, Title, useMatches } from '@mantine/core';
import type { StatusPage } from '@paydar/contracts/status-pages';
import { useState } from 'react';
import { Link } from 'react-router';
import { PlusIcon } from '@/components/icons';
import { QueryState } from '@/components/query-state';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useStatusPages } from '../api/get-status-pages';
import { usePageAllowance } from '../hooks/page-allowance';
import { DeleteStatusPageModal } from './delete-status-page-modal';
import { StatusPageCard } from './status-page-card';
import { StatusPagesEmpty } from './status-pages-empty';

type StatusPagesPageProps = {
  /** The demo account's words: every write button shows disabled with them; null otherwise. */
  readOnly: string | null;
};

/** /status_pages: the user's public status pages, with the plan's allowance beside Add. */
export function StatusPagesPage({ readOnly }: StatusPagesPageProps) {
  const pages = useStatusPages();
  const used = pages.data?.length ?? 0;
  const allowance = usePageAllowance(used);
  const [deleting, setDeleting] = useState<StatusPage | null>(null);
  const addBlockedBy = readOnly ?? (pages.isSuccess ? allowance.blockedBy : null);
  // Beside the title the allowance lines up under Add; on a phone, where Add goes under the title, to the left.
  const side = useMatches({ base: 'left', sm: 'right' } as const);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={1} fz={26}>
            Status pages
          </Title>
          <Text size="sm" c="dimmed">
            Public pages that show your visitors how your services are doing.
          </Text>
        </Stack>
        <Stack gap={4} align={side === 'left' ? 'flex-start' : 'flex-end'} style={{ flex: 'none', maxWidth: '100%' }}>
          <ReadOnlyTip reason={addBlockedBy}>
            <Button
              component={Link}
              to="/status_pages/new"
              leftSection={<PlusIcon size={16} />}
              disabled={addBlockedBy !== null || !pages.isSuccess}
              onClick={(event) => addBlockedBy !== null && event.preventDefault()}
            >
              Add status page
            </Button>
          </ReadOnlyTip>
          {pages.isSuccess && allowance.limit !== null && (
            <Text size="xs" c="dimmed" data-testid="status-page-allowance">
              {used} of {allowance.limit} {allowance.limit === 1 ? 'page' : 'pages'}
            </Text>
          )}
          {addBlockedBy !== null && addBlockedBy !== readOnly && (
            <Text size="xs" c="orange.8" ta={side} data-testid="status-page-limit-reason">
              {addBlockedBy}
            </Text>
          )}
        </Stack>
      </Group>
      <QueryState query={pages}>
        {(data) =>
          data.length === 0 ? (
            <StatusPagesEmpty />
          ) : (
            <Stack gap="sm" data-testid="status-page-list">
              {data.map((page) => (
                <StatusPageCard key={page.id} page={page} readOnly={readOnly} onDelete={() => setDeleting(page)} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <DeleteStatusPageModal page={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
