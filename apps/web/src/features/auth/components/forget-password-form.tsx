import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useSendForgetPasswordEmail } from '../api/send-forget-password-email';
import { EmailInput } from './email-input';

/** Asks for a reset link (spec §8: success toast, then /login; failure shows the server's text). */
export function ForgetPasswordForm() {
  const navigate = useNavigate();
  const sendLink = useSendForgetPasswordEmail();
  const form = useForm({ initialValues: { email: '' } });

  const submit = form.onSubmit((values) => {
    sendLink.mutate(values, {
      onSuccess: () => {
        notify.success('We send you a reset password link', { carryOver: true });
        navigate('/login');
      },
      onError: (error) => showFormFailure(error, form, { email: 'email' }),
    });
  });

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <EmailInput required {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={sendLink.isPending}>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}
