import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { MaintenanceWindow } from '@paydar/contracts/maintenance';
import { useState } from 'react';
import { PlusIcon } from '@/components/icons';
import { QueryState } from '@/components/query-state';
import { errorMessage } from '@/lib/api-client';
import { useTimeSettings } from '@/lib/time-settings';
import { useDeleteMaintenanceWindow } from '../api/delete-maintenance-window';
import { useEndMaintenanceWindow } from '../api/end-maintenance-window';
import { useMaintenanceWindows } from '../api/get-maintenance-windows';
import { MaintenanceWindowModal, type MonitorOption } from './maintenance-window-modal';
import { nextText, scheduleText } from './schedule-text';

type MaintenancePageProps = {
  /** The user's monitors, to choose from and to name the covered ones. */
  monitors: MonitorOption[];
  /** The demo account: the windows are shown, nothing can be changed. */
  readOnly: boolean;
};

type Editing = { window?: MaintenanceWindow } | null;

/** /maintenance: the user's maintenance windows, with create, edit, end now and delete. */
export function MaintenancePage({ monitors, readOnly }: MaintenancePageProps) {
  const windows = useMaintenanceWindows();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const names = new Map(monitors.map((monitor) => [monitor.id, monitor.name]));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 220 }}>
          <Title order={1} fz={26}>
            Maintenance
          </Title>
          <Text size="sm" c="dimmed">
            Planned work: during a window checks still run, but no alert is sent and the time counts neither up nor
            down.
          </Text>
        </Stack>
        {!readOnly && (
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing({})}>
            New window
          </Button>
        )}
      </Group>
      {readOnly && (
        <Alert color="yellow" variant="light" radius="md">
          The demo account cannot change maintenance windows.
        </Alert>
      )}
      <QueryState query={windows}>
        {(data) =>
          data.length === 0 ? (
            <Card withBorder radius="md" padding="xl">
              <Text c="dimmed" ta="center" size="sm">
                No maintenance windows yet.
              </Text>
            </Card>
          ) : (
            <Stack gap="sm" data-testid="maintenance-list">
              {data.map((window) => (
                <WindowCard
                  key={window.id}
                  window={window}
                  names={names}
                  readOnly={readOnly}
                  onEdit={() => setEditing({ window })}
                  onDelete={() => setDeleting(window)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {editing && (
        <MaintenanceWindowModal opened onClose={() => setEditing(null)} monitors={monitors} window={editing.window} />
      )}
      <DeleteModal window={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

type WindowCardProps = {
  window: MaintenanceWindow;
  names: ReadonlyMap<number, string>;
  readOnly: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

function WindowCard({ window, names, readOnly, onEdit, onDelete }: WindowCardProps) {
  const end = useEndMaintenanceWindow();
  const { calendar } = useTimeSettings();
  const covered = window.monitors.map((id) => names.get(id) ?? `Monitor ${id}`);
  return (
    <Card withBorder radius="md" padding="md" data-testid="maintenance-window">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        {/* At least 260 px for the text: on a phone the buttons go under it rather than squeezing it. */}
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {window.title}
            </Text>
            {window.active_now && (
              <Badge color="blue" variant="filled" size="sm">
                Active
              </Badge>
            )}
          </Group>
          <Text size="sm">{scheduleText(window, calendar)}</Text>
          <Text size="xs" c="dimmed">
            {nextText(window, calendar)} · {window.time_zone}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {covered.length === 1 ? 'Monitor' : `${covered.length} monitors`}: {covered.join(', ')}
          </Text>
          {end.isError && (
            <Text size="xs" c="red">
              {errorMessage(end.error)}
            </Text>
          )}
        </Stack>
        {!readOnly && (
          <Group gap="xs" wrap="wrap">
            {window.active_now && (
              <Button
                size="xs"
                color="orange"
                variant="light"
                loading={end.isPending}
                onClick={() => end.mutate(window.id)}
              >
                End now
              </Button>
            )}
            <Button size="xs" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" color="red" variant="subtle" onClick={onDelete}>
              Delete
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}

function DeleteModal({ window, onClose }: { window: MaintenanceWindow | null; onClose: () => void }) {
  const remove = useDeleteMaintenanceWindow({ onSuccess: () => onClose() });
  return (
    <Modal opened={window !== null} onClose={onClose} title="Delete maintenance window" centered>
      <Stack gap="sm">
        <Text size="sm">
          Delete “{window?.title}”? An occurrence going on ends now and the ones to come are dropped; past maintenance
          stays in the figures.
        </Text>
        {remove.isError && (
          <Text size="sm" c="red">
            {errorMessage(remove.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => window && remove.mutate(window.id)}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
