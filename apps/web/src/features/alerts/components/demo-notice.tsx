import { Alert } from '@mantine/core';

/** Spec §6: the guest demo account sees its alert sections deactivated. */
export function DemoNotice() {
  return (
    <Alert color="yellow" variant="light" radius="md" title="Alerts are off in the demo">
      The demo account cannot set alerts. Sign up for an account of your own to get alerts by email, SMS, Telegram and
      webhook.
    </Alert>
  );
}
