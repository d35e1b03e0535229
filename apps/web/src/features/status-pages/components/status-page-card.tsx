import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import type { StatusPage } from '@paydar/contracts/status-pages';
import { Link } from 'react-router';
import { ExternalLinkIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useRuntimeConfig } from '@/config/runtime-config';
import { statusPageAddress } from './page-address';

type StatusPageCardProps = {
  page: StatusPage;
  readOnly: string | null;
  onDelete: () => void;
};

const monitorCount = (page: StatusPage) => page.sections.reduce((sum, section) => sum + section.monitors.length, 0);

/** One page in the list: its title, address, domain, protection and size, and what can be done to it. */
export function StatusPageCard({ page, readOnly, onDelete }: StatusPageCardProps) {
  const address = statusPageAddress(useRuntimeConfig().dashboardUrl, page.slug);
  const count = monitorCount(page);
  return (
    <Card withBorder radius="md" padding="md" data-testid="status-page">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {page.title}
            </Text>
            {page.protected && (
              <Badge color="gray" variant="light" size="sm">
                Password protected
              </Badge>
            )}
          </Group>
          <Anchor
            href={address}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            {address} <ExternalLinkIcon size={12} />
          </Anchor>
          {page.custom_domain && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Custom domain: {page.custom_domain}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {count === 1 ? '1 monitor' : `${count} monitors`}
            {' · '}
            {page.sections.length === 1 ? '1 section' : `${page.sections.length} sections`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button size="xs" variant="default" component={Link} to={`/status_pages/${page.id}/incidents`}>
            Incidents
          </Button>
          <ReadOnlyTip reason={readOnly}>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={`/status_pages/${page.id}`}
              disabled={readOnly !== null}
              onClick={(event) => readOnly !== null && event.preventDefault()}
            >
              Edit
            </Button>
          </ReadOnlyTip>
          <ReadOnlyTip reason={readOnly}>
            <Button size="xs" color="red" variant="subtle" disabled={readOnly !== null} onClick={onDelete}>
              Delete
            </Button>
          </ReadOnlyTip>
        </Group>
      </Group>
    </Card>
  );
}
