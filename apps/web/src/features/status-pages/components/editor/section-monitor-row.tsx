import { Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { STATUS_PAGE_PUBLIC_NAME_MAX_LENGTH } from '@paydar/contracts/status-pages';
import type { StatusPageForm } from '../../hooks/use-status-page-form';
import type { PageMonitorOption } from './editor-values';
import { ListMoveButtons } from './list-move-buttons';

type SectionMonitorRowProps = {
  form: StatusPageForm;
  sectionIndex: number;
  index: number;
  count: number;
  option: PageMonitorOption | undefined;
};

/** One monitor in a section: which monitor, the name visitors read, and whether they see its address. */
export function SectionMonitorRow({ form, sectionIndex, index, count, option }: SectionMonitorRowProps) {
  const listPath = `sections.${sectionIndex}.monitors`;
  const path = `${listPath}.${index}`;
  const row = form.values.sections[sectionIndex]?.monitors[index];
  const ownName = option?.name ?? `Monitor #${row?.monitor}`;
  const monitorError = form.errors[`${path}.monitor`];
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="status-page-monitor">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} truncate="end" title={ownName}>
              {ownName}
            </Text>
            {monitorError && (
              <Text size="xs" c="red">
                {monitorError}
              </Text>
            )}
          </Stack>
          <ListMoveButtons
            what={`monitor ${ownName}`}
            index={index}
            count={count}
            onMove={(to) => form.reorderListItem(listPath, { from: index, to })}
            onRemove={() => form.removeListItem(listPath, index)}
          />
        </Group>
        <TextInput
          label="Public name"
          size="xs"
          required
          maxLength={STATUS_PAGE_PUBLIC_NAME_MAX_LENGTH}
          {...form.getInputProps(`${path}.public_name`)}
        />
        <Switch
          size="xs"
          label="Show address to visitors"
          description={
            row?.show_target && option?.target ? `Visitors see ${option.target}` : 'Visitors see only the public name.'
          }
          styles={{ description: { overflowWrap: 'anywhere' } }}
          {...form.getInputProps(`${path}.show_target`, { type: 'checkbox' })}
        />
      </Stack>
    </Paper>
  );
}
