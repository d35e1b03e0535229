import { Anchor, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { VERIFICATION_CODE_LENGTH } from '@paydar/contracts/alert-channels';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useVerifyChannel } from '../api/verify-channel';

type PhoneVerificationModalProps = {
  /** The number being verified; the popup shows while it is set. */
  phone: string | null;
  onClose: () => void;
  onResend: () => void;
  resending: boolean;
};

/**
 * The phone verification popup (spec §2): six single-character boxes. A right code closes it with
 * 'Your phone is now verified!'; a wrong one says 'Something went wrong!' and empties the boxes
 * (spec §8). The code is sent as soon as the sixth box is filled.
 */
export function PhoneVerificationModal({ phone, onClose, onResend, resending }: PhoneVerificationModalProps) {
  const [code, setCode] = useState('');
  // Remounting the boxes empties them and puts the cursor back in the first one.
  const [attempt, setAttempt] = useState(0);
  const verify = useVerifyChannel();

  const close = () => {
    setCode('');
    onClose();
  };

  const submit = (token: string) => {
    if (!phone || token.length !== VERIFICATION_CODE_LENGTH || verify.isPending) return;
    verify.mutate(
      { channel_type: 'phone', value: phone, token },
      {
        onSuccess: () => {
          notify.success('Your phone is now verified!');
          close();
        },
        onError: () => {
          notify.error('Something went wrong!');
          setCode('');
          setAttempt((value) => value + 1);
        },
      },
    );
  };

  return (
    <Modal
      opened={phone !== null}
      onClose={close}
      centered
      size="auto"
      zIndex={400}
      title={
        <Text fw={700} fz="lg">
          Verify your phone
        </Text>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Stack gap="md" maw={360}>
          <Text size="sm">
            Enter the {VERIFICATION_CODE_LENGTH}-digit code we sent by SMS to{' '}
            <Text span fw={600} dir="ltr">
              {phone}
            </Text>
            .
          </Text>
          <PinInput
            key={attempt}
            length={VERIFICATION_CODE_LENGTH}
            type="number"
            value={code}
            onChange={setCode}
            onComplete={submit}
            disabled={verify.isPending}
            autoFocus
            size="md"
            gap="xs"
            ariaLabel="Verification code"
            getInputProps={(index) => ({
              'aria-label': `Code character ${index + 1} of ${VERIFICATION_CODE_LENGTH}`,
              // The popup's focus trap starts here rather than on the close button.
              'data-autofocus': index === 0 ? true : undefined,
            })}
            styles={{ root: { justifyContent: 'center' } }}
          />
          <Group justify="space-between" gap="sm">
            <Anchor component="button" type="button" size="sm" onClick={onResend} disabled={resending}>
              {resending ? 'Sending…' : 'Send the code again'}
            </Anchor>
            <Button type="submit" loading={verify.isPending} disabled={code.length !== VERIFICATION_CODE_LENGTH}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
