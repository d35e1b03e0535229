import { Text } from '@mantine/core';
import type { AlertChannelEntry } from './channel-types';

/** Unverified emails are confirmed by the link mailed to them; until then they get no alerts. */
export function EmailHint({ entries }: { entries: readonly AlertChannelEntry[] }) {
  if (!entries.some((entry) => !entry.is_verified)) return null;
  return (
    <Text size="xs" c="dimmed">
      An unverified email gets no alerts: check your inbox for the confirmation link.
    </Text>
  );
}
