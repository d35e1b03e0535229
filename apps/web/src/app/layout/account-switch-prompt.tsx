import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { dismissAccountSwitch, useAccountSwitchOffer } from '@/lib/account-switch';
import { startSession } from '@/lib/auth';
import { notify } from '@/lib/notify';

/**
 * Asks before a sign-in link (`?auth=`) for another account replaces the one signed in. Closing
 * the dialog keeps the current account.
 */
export function AccountSwitchPrompt() {
  const offer = useAccountSwitchOffer();
  const [switching, setSwitching] = useState(false);
  if (!offer) return null;

  const switchAccount = async () => {
    setSwitching(true);
    try {
      await startSession(offer.key);
      dismissAccountSwitch();
    } catch {
      notify.error('Something went wrong!');
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Modal opened onClose={dismissAccountSwitch} title="Switch account?" centered closeOnClickOutside={false}>
      <Stack gap="md">
        <Text size="sm">
          You are signed in as <b>{offer.current.email}</b>. Continue as <b>{offer.offered.email}</b>?
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={dismissAccountSwitch} disabled={switching}>
            Stay signed in
          </Button>
          <Button onClick={switchAccount} loading={switching}>
            Switch account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
