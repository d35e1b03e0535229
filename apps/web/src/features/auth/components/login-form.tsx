import { Anchor, Button, Divider, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { showFormFailure } from '@/lib/form-errors';
import { useLogin } from '../api/login';
import { EmailInput } from './email-input';

/** Email and password; on success the guest-only guard moves the user on. */
export function LoginForm() {
  const login = useLogin();
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit((values) => {
    // The server's text, e.g. 'No user with username/password entered found!' (spec §5).
    login.mutate(values, {
      onError: (error) => showFormFailure(error, form, { email: 'email', password: 'password' }),
    });
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit}>
        <Stack gap="md">
          <EmailInput required {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/forget_pass" size="sm">
              Forget Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            Login
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Button component={Link} to="/guest" variant="light" fullWidth>
        Login as Guest
      </Button>
    </Stack>
  );
}
