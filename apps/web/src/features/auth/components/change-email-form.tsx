import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Profile } from '@paydar/contracts/accounts';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangeEmail } from '../api/change-email';

/**
 * Changes the login email: the current password is asked, and the new address must confirm by the
 * mailed link before it replaces the old one (which is told).
 */
export function ChangeEmailForm({ me }: { me: Profile }) {
  const form = useForm({ initialValues: { email: '', currentPassword: '' } });
  const change = useChangeEmail({
    onSuccess: () => form.reset(),
    // The server names the field it refuses (a wrong password, a taken email); other failures are toasts.
    onError: (error) => showFormFailure(error, form, { email: 'email', current_password: 'currentPassword' }),
  });

  const submit = form.onSubmit((values) => {
    if (!values.email.trim() || !values.currentPassword) {
      notify.warning('Please fill all fields');
      return;
    }
    change.mutate({ me, email: values.email.trim(), currentPassword: values.currentPassword });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          You sign in with <b>{me.email}</b>.
        </Text>
        {me.pending_email && (
          <Alert color="blue" title="Check your inbox">
            We sent a confirmation link to <b>{me.pending_email}</b>. Your email stays {me.email} until you open it.
          </Alert>
        )}
        <TextInput label="New email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Change email
        </Button>
      </Stack>
    </form>
  );
}
