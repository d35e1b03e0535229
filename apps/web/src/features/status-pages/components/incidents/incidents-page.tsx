import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Incident } from '@paydar/contracts/status-page-incidents';
import type { StatusPage } from '@paydar/contracts/status-pages';
import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon, PlusIcon } from '@/components/icons';
import { QueryState } from '@/components/query-state';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { useIncidents } from '../../api/get-incidents';
import { SubscribersSection } from '../subscribers/subscribers-section';
import { type IncidentAction, IncidentCard } from './incident-card';
import { DeleteIncidentModal, RemovePostmortemModal } from './incident-confirm-modals';
import { EditTitleModal, PostmortemModal, PostUpdateModal } from './incident-edit-modals';
import { activeFirst } from './incident-state';
import { OpenIncidentModal } from './open-incident-modal';

type IncidentsPageProps = { page: StatusPage; readOnly: string | null };

type Dialog = { kind: 'open' } | { kind: IncidentAction; incident: Incident } | null;

const DIALOGS = {
  update: PostUpdateModal,
  title: EditTitleModal,
  postmortem: PostmortemModal,
  'remove-postmortem': RemovePostmortemModal,
  delete: DeleteIncidentModal,
} as const;

/** /status_pages/:id/incidents: a page's incidents (active ones first) and its subscribers. */
export function IncidentsPage({ page, readOnly }: IncidentsPageProps) {
  const [pageNumber, setPageNumber] = useState(1);
  const incidents = useIncidents(page.id, pageNumber);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const pageMonitors = page.sections.flatMap((section) => section.monitors);
  const groups = incidents.data ? activeFirst(incidents.data.results) : null;
  const DialogView = dialog && dialog.kind !== 'open' ? DIALOGS[dialog.kind] : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to="/status_pages" size="sm">
          <Group gap={4} component="span">
            <ChevronLeftIcon size={14} /> Status pages
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
              Incidents of {page.title}
            </Title>
            <Text size="sm" c="dimmed">
              What visitors read about trouble and how it is handled. Monitors going down open one by themselves.
            </Text>
          </Stack>
          <ReadOnlyTip reason={readOnly}>
            <Button
              leftSection={<PlusIcon size={16} />}
              disabled={readOnly !== null}
              onClick={() => setDialog({ kind: 'open' })}
            >
              Open incident
            </Button>
          </ReadOnlyTip>
        </Group>
      </Stack>
      <QueryState query={incidents}>
        {(data) =>
          groups && groups.active.length + groups.resolved.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" ta="center" size="sm">
                No incidents yet.
              </Text>
            </Paper>
          ) : (
            groups && (
              <Stack gap="md">
                <IncidentGroup title="Active" incidents={groups.active} readOnly={readOnly} onAction={setDialog} />
                <IncidentGroup title="Resolved" incidents={groups.resolved} readOnly={readOnly} onAction={setDialog} />
                {(data.previous !== null || data.next !== null) && (
                  <Group justify="space-between">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={data.previous === null}
                      onClick={() => setPageNumber((n) => n - 1)}
                    >
                      Newer
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      disabled={data.next === null}
                      onClick={() => setPageNumber((n) => n + 1)}
                    >
                      Older
                    </Button>
                  </Group>
                )}
              </Stack>
            )
          )
        }
      </QueryState>
      <SubscribersSection pageId={page.id} readOnly={readOnly} />
      {dialog?.kind === 'open' && <OpenIncidentModal pageId={page.id} monitors={pageMonitors} onClose={close} />}
      {DialogView && dialog && dialog.kind !== 'open' && (
        <DialogView
          key={`${dialog.kind}-${dialog.incident.id}`}
          pageId={page.id}
          incident={dialog.incident}
          onClose={close}
        />
      )}
    </Stack>
  );
}

type IncidentGroupProps = {
  title: string;
  incidents: readonly Incident[];
  readOnly: string | null;
  onAction: (dialog: Dialog) => void;
};

function IncidentGroup({ title, incidents, readOnly, onAction }: IncidentGroupProps) {
  if (incidents.length === 0) return null;
  return (
    <Stack gap="sm" data-testid={`incidents-${title.toLowerCase()}`}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {incidents.map((incident) => (
        <IncidentCard
          key={incident.id}
          incident={incident}
          readOnly={readOnly}
          onAction={(kind) => onAction({ kind, incident })}
        />
      ))}
    </Stack>
  );
}
