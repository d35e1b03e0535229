import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  INCIDENT_POSTMORTEM_MAX_LENGTH,
  INCIDENT_TITLE_MAX_LENGTH,
  type Incident,
  type IncidentState,
} from '@paydar/contracts/status-page-incidents';
import type { ReactNode } from 'react';
import { MarkdownField } from './markdown-field';
import { StateAndBodyFields } from './state-and-body-fields';
import { useIncidentForm } from './use-incident-form';

type IncidentModalProps = { pageId: number; incident: Incident; onClose: () => void };

function ModalForm(props: {
  title: string;
  submitLabel: string;
  saving: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <Stack gap="sm">
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={props.saving}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A new state with what is known; Resolved closes the incident. */
export function PostUpdateModal({ pageId, incident, onClose }: IncidentModalProps) {
  const { form, submit, saving } = useIncidentForm(
    { state: (incident.state === 'investigating' ? 'identified' : incident.state) as IncidentState, body: '' },
    (values) => ({ kind: 'update', pageId, incidentId: incident.id, input: values }),
    onClose,
    ['body'],
  );
  return (
    <ModalForm
      title="Post an update"
      submitLabel="Post update"
      saving={saving}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <StateAndBodyFields form={form} bodyLabel="Update" />
    </ModalForm>
  );
}

/** The incident's title, as visitors read it. */
export function EditTitleModal({ pageId, incident, onClose }: IncidentModalProps) {
  const { form, submit, saving } = useIncidentForm(
    { title: incident.title },
    (values) => ({ kind: 'patch', pageId, incidentId: incident.id, patch: { title: values.title } }),
    onClose,
    ['title'],
  );
  return (
    <ModalForm title="Edit title" submitLabel="Save" saving={saving} onSubmit={() => submit()} onClose={onClose}>
      <TextInput label="Title" required maxLength={INCIDENT_TITLE_MAX_LENGTH} {...form.getInputProps('title')} />
    </ModalForm>
  );
}

/** What happened and what changes, after a resolved incident; shown on the incident's public page. */
export function PostmortemModal({ pageId, incident, onClose }: IncidentModalProps) {
  const { form, submit, saving } = useIncidentForm(
    { postmortem: incident.postmortem ?? '' },
    (values) => ({ kind: 'patch', pageId, incidentId: incident.id, patch: { postmortem: values.postmortem } }),
    onClose,
    ['postmortem'],
  );
  return (
    <ModalForm
      title="Post-mortem"
      submitLabel="Save post-mortem"
      saving={saving}
      onSubmit={() => submit()}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        What happened, why, and what you change so it does not happen again.
      </Text>
      <MarkdownField
        label="Post-mortem"
        required
        minRows={8}
        maxLength={INCIDENT_POSTMORTEM_MAX_LENGTH}
        value={form.values.postmortem}
        onChange={(value) => form.setFieldValue('postmortem', value)}
        error={form.errors.postmortem as string | undefined}
      />
    </ModalForm>
  );
}
