import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { INCIDENT_TITLE_MAX_LENGTH, type IncidentState } from '@paydar/contracts/status-page-incidents';
import { StateAndBodyFields } from './state-and-body-fields';
import { useIncidentForm } from './use-incident-form';

/** A monitor on the page, by the name visitors read. */
export type PageMonitorChoice = { monitor: number; public_name: string };

type OpenIncidentModalProps = {
  pageId: number;
  monitors: readonly PageMonitorChoice[];
  onClose: () => void;
};

/** Opens an incident by hand, with its first update and the page's monitors it affects. */
export function OpenIncidentModal({ pageId, monitors, onClose }: OpenIncidentModalProps) {
  const { form, submit, saving } = useIncidentForm(
    { title: '', state: 'investigating' as IncidentState, body: '', monitors: [] as string[] },
    (values) => ({
      kind: 'open',
      pageId,
      input: { title: values.title, state: values.state, body: values.body, monitors: values.monitors.map(Number) },
    }),
    onClose,
    ['title', 'body'],
  );
  return (
    <Modal opened onClose={onClose} title="Open an incident" centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            maxLength={INCIDENT_TITLE_MAX_LENGTH}
            placeholder="Checkout is slow"
            {...form.getInputProps('title')}
          />
          <StateAndBodyFields form={form} bodyLabel="What is known" />
          <MultiSelect
            label="Affected monitors"
            description="Visitors see their public names."
            placeholder={monitors.length ? 'Choose monitors' : 'This page has no monitors'}
            data={monitors.map((entry) => ({ value: String(entry.monitor), label: entry.public_name }))}
            searchable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('monitors')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Open incident
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
