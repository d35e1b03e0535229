import { Select, SimpleGrid } from '@mantine/core';
import { ALERT_KINDS, type AlertKind } from '@paydar/contracts/alert-events';
import { useMonitorChoices } from '../api/get-monitor-choices';
import type { HistoryFilters } from '../api/get-notification-history';
import { ALERT_KIND_TAGS } from './notification-labels';

const KIND_CHOICES = ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_TAGS[kind].label }));

/** Narrows the history to one monitor and/or one kind of alert; empty means all. */
export function NotificationHistoryFilters({
  value,
  onChange,
}: {
  value: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}) {
  const monitors = useMonitorChoices();
  return (
    <SimpleGrid cols={2} spacing="sm" maw={560}>
      <Select
        label="Monitor"
        placeholder="All monitors"
        data={monitors.data ?? []}
        value={value.monitorId !== undefined ? String(value.monitorId) : null}
        onChange={(id) => onChange({ ...value, monitorId: id ? Number(id) : undefined })}
        searchable
        clearable
        nothingFoundMessage="No monitor by that name"
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Event"
        placeholder="All events"
        data={KIND_CHOICES}
        value={value.kind ?? null}
        onChange={(kind) => onChange({ ...value, kind: (kind as AlertKind | null) ?? undefined })}
        clearable
        size="xs"
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
