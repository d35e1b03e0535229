import { type UseFormReturnType, useForm } from '@mantine/form';
import type { StatusPage } from '@paydar/contracts/status-pages';
import { useNavigate } from 'react-router';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSaveStatusPage } from '../api/save-status-page';
import {
  formErrorsOf,
  formFieldOf,
  formValuesOf,
  type StatusPageFormValues,
  toBody,
} from '../components/editor/editor-values';

export type StatusPageForm = UseFormReturnType<StatusPageFormValues>;

export const PAGE_CREATED_TEXT = 'Your status page is live.';
export const PAGE_SAVED_TEXT = 'Your status page is saved.';

/**
 * The editor's form: checked with the API's rules before sending; the server's field errors go
 * under their fields (nested section paths included), anything else is a toast with its words.
 */
export function useStatusPageForm(page?: StatusPage) {
  const navigate = useNavigate();
  const save = useSaveStatusPage();
  const form = useForm<StatusPageFormValues>({ mode: 'controlled', initialValues: formValuesOf(page) });

  const submit = form.onSubmit((values) => {
    const problems = formErrorsOf(values);
    if (Object.keys(problems).length) {
      form.setErrors(problems);
      return;
    }
    save.mutate(
      { ...(page ? { id: page.id } : {}), body: toBody(values) },
      {
        onSuccess: () => {
          notify.success(page ? PAGE_SAVED_TEXT : PAGE_CREATED_TEXT, { carryOver: true });
          navigate('/status_pages');
        },
        onError: (error) => showFormFailure(error, form, formFieldOf),
      },
    );
  });

  return { form, submit, saving: save.isPending };
}
