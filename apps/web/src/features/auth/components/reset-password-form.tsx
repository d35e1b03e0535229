import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@paydar/contracts/accounts';
import { notify } from '@/lib/notify';
import { useResetPassword } from '../api/reset-password';

/** The toast for the first rule the new password breaks (spec §5 "Reset password"), or null. */
export function resetPasswordProblem(values: { password: string; confirm: string }) {
  if (!values.password || !values.confirm) return 'Please fill all fields';
  if (values.password !== values.confirm) return 'Passwords are not match';
  if (values.password.length < PASSWORD_MIN_LENGTH) return 'Your password must be at least 8 characters';
  return null;
}

/** Sets a new password from the emailed link; the answer signs the user in. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  // Success signs the user in and the guest-only guard takes them to / (spec §8).
  const reset = useResetPassword({
    // Signed in, the guard then takes the user home: the toast goes along.
    onSuccess: () => notify.success('Your password successfully changed!', { carryOver: true }),
    onError: () => notify.error('Something went wrong!'),
  });
  const form = useForm({ initialValues: { password: '', confirm: '' } });

  const submit = form.onSubmit((values) => {
    const problem = resetPasswordProblem(values);
    if (problem) {
      notify.warning(problem);
      return;
    }
    reset.mutate({ token, email, password: values.password });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Email" value={email} readOnly variant="filled" />
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
        <Button type="submit" fullWidth loading={reset.isPending}>
          Set new Password
        </Button>
      </Stack>
    </form>
  );
}
