import { ActionIcon, Button, CloseButton, Group, MultiSelect, Pill, Stack, TextInput, Tooltip } from '@mantine/core';
import type { MonitorFilters } from '@paydar/domain/monitor-filter';
import { PlusIcon, RefreshIcon } from '@/components/icons';
import { ReadOnlyTip } from '@/components/read-only-tip';
import { FilterIcon, SearchIcon } from './list-icons';

const MAX_SHOWN_GROUPS = 3;

type MonitorListToolbarProps = {
  filters: MonitorFilters;
  onFiltersChange: (change: Partial<MonitorFilters>) => void;
  /** The groups to filter by; null hides the filter (the plan has no monitor groups). */
  groupOptions: string[] | null;
  onRefresh: () => void;
  refreshing: boolean;
  onAdd: () => void;
  /** Unverified users cannot add monitors (spec §6). */
  canAdd: boolean;
  /** Why this account may change nothing (the demo): Add Monitor shows disabled with it as its tooltip. */
  readOnly?: string | null;
};

/** The list's tools (spec §2): text search, group filter, Refresh All Monitors, Add Monitor. */
export function MonitorListToolbar({
  filters,
  onFiltersChange,
  groupOptions,
  onRefresh,
  refreshing,
  onAdd,
  canAdd,
  readOnly = null,
}: MonitorListToolbarProps) {
  return (
    <Stack gap={8}>
      <Group gap={8} wrap="nowrap">
        <TextInput
          value={filters.text}
          onChange={(event) => onFiltersChange({ text: event.currentTarget.value })}
          placeholder="Search"
          aria-label="Search monitors"
          leftSection={<SearchIcon />}
          rightSection={
            filters.text ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => onFiltersChange({ text: '' })} />
            ) : null
          }
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip label="Refresh All Monitors" withArrow>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label="Refresh All Monitors"
            onClick={onRefresh}
            loading={refreshing}
          >
            <RefreshIcon size={16} />
          </ActionIcon>
        </Tooltip>
        <ReadOnlyTip reason={readOnly}>
          <Button
            leftSection={<PlusIcon size={16} />}
            onClick={onAdd}
            disabled={!canAdd || readOnly !== null}
            style={{ flex: 'none' }}
          >
            Add Monitor
          </Button>
        </ReadOnlyTip>
      </Group>
      {groupOptions && (
        <MultiSelect
          data={groupOptions}
          value={[...filters.groups]}
          onChange={(groups) => onFiltersChange({ groups })}
          placeholder={filters.groups.length ? undefined : 'Filter by group'}
          aria-label="Filter by group"
          leftSection={<FilterIcon />}
          clearable
          searchable
          nothingFoundMessage="No groups"
          renderPill={({ value, onRemove }) => {
            // Spec §9: a multi-select shows at most 3 values; the rest are counted.
            const index = value === undefined ? -1 : filters.groups.indexOf(value);
            if (index < MAX_SHOWN_GROUPS) {
              return (
                <Pill withRemoveButton onRemove={onRemove}>
                  {value}
                </Pill>
              );
            }
            return index === MAX_SHOWN_GROUPS ? <Pill>+{filters.groups.length - MAX_SHOWN_GROUPS}</Pill> : null;
          }}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </Stack>
  );
}
