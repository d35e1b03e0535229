import { useForm } from '@mantine/form';
import { showFormFailure } from '@/lib/form-errors';
import { type IncidentChange, useSaveIncident } from '../../api/save-incident';

export const REQUIRED_TEXT = 'Fill this in.';

/**
 * A form of one incident call (open, update, title, post-mortem): its values become the call, the
 * server's field errors go under the fields of the same name, anything else is a toast.
 */
export function useIncidentForm<Values extends Record<string, unknown>>(
  initialValues: Values,
  toChange: (values: Values) => IncidentChange,
  onDone: () => void,
  required: readonly (keyof Values & string)[] = [],
) {
  const save = useSaveIncident();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) =>
      Object.fromEntries(
        required.filter((field) => String(values[field] ?? '').trim() === '').map((field) => [field, REQUIRED_TEXT]),
      ),
  });
  const fields = new Set(Object.keys(initialValues));
  const submit = form.onSubmit((values) =>
    save.mutate(toChange(values), {
      onSuccess: () => onDone(),
      onError: (error) =>
        showFormFailure(error, form, (apiField) => {
          const top = apiField.split('.')[0] ?? apiField;
          return fields.has(top) ? top : null;
        }),
    }),
  );
  return { form, submit, saving: save.isPending };
}
