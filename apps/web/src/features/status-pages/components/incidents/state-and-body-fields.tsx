import { Select } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { INCIDENT_BODY_MAX_LENGTH, type IncidentState } from '@paydar/contracts/status-page-incidents';
import { incidentStateOptions } from './incident-state';
import { MarkdownField } from './markdown-field';

type StateAndBody = { state: IncidentState; body: string };

/** An update's two fields — its state and its Markdown — in the open-incident and post-update forms. */
export function StateAndBodyFields<Values extends StateAndBody>({
  form,
  bodyLabel,
}: {
  form: UseFormReturnType<Values>;
  bodyLabel: string;
}) {
  return (
    <>
      <Select
        label="State"
        data={incidentStateOptions}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('state')}
      />
      <MarkdownField
        label={bodyLabel}
        required
        maxLength={INCIDENT_BODY_MAX_LENGTH}
        value={form.values.body}
        onChange={form.getInputProps('body').onChange}
        error={form.errors.body as string | undefined}
      />
    </>
  );
}
