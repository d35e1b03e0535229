import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { resetPasswordProblem } from './reset-password-form';

/** Sets a new password after the current one; every other session is signed out. */
export function ChangePasswordForm() {
  const form = useForm({ initialValues: { currentPassword: '', password: '', confirm: '' } });
  const change = useChangePassword({
    onSuccess: () => {
      form.reset();
      notify.success('Your password successfully changed! Every other session has been signed out.');
    },
    // A wrong current password, or a new one the server refuses, is told under its field.
    onError: (error) => showFormFailure(error, form, { current_password: 'currentPassword', password: 'password' }),
  });

  const submit = form.onSubmit((values) => {
    // The same rules and words as the reset form (spec §5 "Reset password").
    const problem = values.currentPassword ? resetPasswordProblem(values) : 'Please fill all fields';
    if (problem) {
      notify.warning(problem);
      return;
    }
    change.mutate({ current_password: values.currentPassword, password: values.password });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          placeholder="Repeat the new password"
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
