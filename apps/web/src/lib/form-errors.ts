import { ApiError, errorMessage } from './api-client';
import { notify } from './notify';

/** The form's side of a server's field name: a map, or a function for nested names; null when the form has no such field. */
export type FieldMapping = Readonly<Record<string, string>> | ((apiField: string) => string | null);

type FormWithErrors = { setFieldError: (path: string, error: string) => void };

function formFieldOf(mapping: FieldMapping, apiField: string): string | null {
  return typeof mapping === 'function' ? mapping(apiField) : (mapping[apiField] ?? null);
}

/**
 * Shows a failed call where it belongs: each `{field: ["message"]}` the form has goes under that
 * field, and only what no field shows becomes a toast (never with the API's field name). Returns
 * whether a toast was shown.
 */
export function showFormFailure(error: unknown, form: FormWithErrors, mapping: FieldMapping): boolean {
  const leftOver: string[] = [];
  if (error instanceof ApiError && Object.keys(error.fields).length) {
    for (const [apiField, messages] of Object.entries(error.fields)) {
      const field = formFieldOf(mapping, apiField);
      if (field) form.setFieldError(field, messages.join(' '));
      else leftOver.push(...messages);
    }
  } else {
    leftOver.push(errorMessage(error));
  }
  if (!leftOver.length) return false;
  notify.warning([...new Set(leftOver)].join('\n'));
  return true;
}
