import { Button, EmptyState, Paper } from '@mantine/core';
import { MonitorIcon, PlusIcon } from '@/components/icons';

type MonitorsEmptyStateProps = {
  /** Unverified users cannot add monitors (spec §6). */
  canAdd: boolean;
  onAdd?: () => void;
};

/** What the dashboard shows with no monitors (spec §2). */
export function MonitorsEmptyState({ canAdd, onAdd }: MonitorsEmptyStateProps) {
  return (
    <Paper withBorder radius="md" py={56} px="md">
      <EmptyState
        icon={<MonitorIcon size={28} />}
        variant="light"
        size="lg"
        title="No Monitors"
        description="You have no monitors in your list. Please add a new monitor"
      >
        <EmptyState.Actions>
          <Button leftSection={<PlusIcon size={16} />} disabled={!canAdd} onClick={onAdd}>
            Add Monitor
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
