import { Button, EmptyState, Paper } from '@mantine/core';
import { MonitorIcon, PlusIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';

type MonitorsEmptyStateProps = {
  /** Unverified users cannot add monitors (spec §6). */
  canAdd: boolean;
  onAdd?: () => void;
  /** Why this account may change nothing (the demo): the button shows disabled with it as its tooltip. */
  readOnly?: string | null;
};

/** What the dashboard shows with no monitors (spec §2). */
export function MonitorsEmptyState({ canAdd, onAdd, readOnly = null }: MonitorsEmptyStateProps) {
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
          <ReadOnlyTip reason={readOnly}>
            <Button leftSection={<PlusIcon size={16} />} disabled={!canAdd || readOnly !== null} onClick={onAdd}>
              Add Monitor
            </Button>
          </ReadOnlyTip>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
