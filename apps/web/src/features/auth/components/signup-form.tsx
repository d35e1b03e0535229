import { Anchor, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useRegister } from '../api/register';
import { EmailInput } from './email-input';

/** The toast for the first rule the form breaks (spec §5 "Signup"), or null. */
export function signupProblem(values: { email: string; password: string; repeat: string; terms: boolean }) {
  if (!values.email.trim() || !values.password || !values.repeat) return 'Fill all the fields';
  if (values.password !== values.repeat) return 'Passwords does not match';
  if (!values.terms) return 'Terms of service must be accepted';
  return null;
}

/** Registration; the server signs the new user in, and the guard sends them to /verify_email. */
export function SignupForm() {
  const register = useRegister();
  const form = useForm({ initialValues: { email: '', password: '', repeat: '', terms: false } });

  const submit = form.onSubmit((values) => {
    const problem = signupProblem(values);
    if (problem) {
      notify.warning(problem);
      return;
    }
    register.mutate(
      { email: values.email, password: values.password },
      { onError: (error) => showFormFailure(error, form, { email: 'email', password: 'password' }) },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailInput {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repeat Password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          {...form.getInputProps('repeat')}
        />
        <Checkbox
          label={
            <>
              I accept the{' '}
              <Anchor component={Link} to="/tos" target="_blank" inherit>
                terms of service
              </Anchor>
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" fullWidth loading={register.isPending}>
          Sign up
        </Button>
      </Stack>
    </form>
  );
}
