import { Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { STATUS_PAGE_MONITORS_MAX, STATUS_PAGE_SECTION_TITLE_MAX_LENGTH } from '@paydar/contracts/status-pages';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import { newMonitorEntry, type PageMonitorOption } from './editor-values';
import { ListMoveButtons } from './list-move-buttons';
import { SectionMonitorRow } from './section-monitor-row';

type SectionCardProps = {
  form: StatusPageForm;
  index: number;
  count: number;
  monitors: readonly PageMonitorOption[];
  /** Monitors already on the page (a monitor is on a page once). */
  taken: ReadonlySet<number>;
};

/** One section: its title, its monitors in order, and a picker to add one of the user's monitors. */
export function SectionCard({ form, index, count, monitors, taken }: SectionCardProps) {
  const section = form.values.sections[index];
  if (!section) return null;
  const path = `sections.${index}`;
  const byId = new Map(monitors.map((monitor) => [monitor.id, monitor]));
  const free = monitors.filter((monitor) => !taken.has(monitor.id));
  const listError = form.errors[`${path}.monitors`];
  const name = section.title.trim() || `${index + 1}`;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="status-page-section">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
          <TextInput
            label={`Section ${index + 1}`}
            placeholder="Untitled section"
            maxLength={STATUS_PAGE_SECTION_TITLE_MAX_LENGTH}
            style={{ flex: 1, minWidth: 0 }}
            {...form.getInputProps(`${path}.title`)}
          />
          <ListMoveButtons
            what={`section ${name}`}
            index={index}
            count={count}
            onMove={(to) => form.reorderListItem('sections', { from: index, to })}
            onRemove={() => form.removeListItem('sections', index)}
          />
        </Group>
        {section.monitors.length === 0 && (
          <Text size="xs" c="dimmed">
            No monitors in this section yet.
          </Text>
        )}
        {section.monitors.map((entry, m) => (
          <SectionMonitorRow
            key={entry.key}
            form={form}
            sectionIndex={index}
            index={m}
            count={section.monitors.length}
            option={byId.get(entry.monitor)}
          />
        ))}
        {listError && (
          <Text size="xs" c="red">
            {listError}
          </Text>
        )}
        {section.monitors.length < STATUS_PAGE_MONITORS_MAX && (
          <Select
            aria-label={`Add a monitor to section ${name}`}
            placeholder={free.length ? 'Add a monitor…' : 'All your monitors are on this page'}
            disabled={free.length === 0}
            searchable
            data={free.map((monitor) => ({ value: String(monitor.id), label: monitor.name }))}
            value={null}
            onChange={(value) => {
              const option = value ? byId.get(Number(value)) : undefined;
              if (option) form.insertListItem(`${path}.monitors`, newMonitorEntry(option));
            }}
            nothingFoundMessage="No monitor matches"
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Card>
  );
}
