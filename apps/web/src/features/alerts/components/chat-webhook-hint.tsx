import { Text } from '@mantine/core';
import { CHAT_WEBHOOK_NAMES, type ChatWebhookType } from '@paydar/contracts/alert-channels';
import { useVerificationWatch } from '../hooks/use-verification-watch';
import type { AlertChannelEntry } from './channel-types';

/** Where each service makes an incoming webhook, in the words of its own settings. */
const WHERE: Record<ChatWebhookType, string> = {
  slack: 'In Slack, add the Incoming Webhooks app to a channel and paste its hooks.slack.com address here.',
  discord: 'In Discord, open a channel’s settings, Integrations, Webhooks, New Webhook, and paste its URL here.',
  mattermost:
    'In Mattermost, open Integrations, Incoming Webhooks, Add Incoming Webhook, and paste its address here (your own server is fine).',
};

/** How a Slack, Discord or Mattermost webhook is made and how it becomes verified. */
export function ChatWebhookHint({ type, entries }: { type: ChatWebhookType; entries: readonly AlertChannelEntry[] }) {
  const waiting = entries.some((entry) => !entry.is_verified);
  // The server posts a test message when one is added; its answer verifies it.
  useVerificationWatch(waiting);
  return (
    <Text size="xs" c="dimmed">
      {WHERE[type]}{' '}
      {waiting
        ? `An unverified address gets no alerts: we post a test message to it, and it is verified once ${CHAT_WEBHOOK_NAMES[type]} accepts it.`
        : ''}
    </Text>
  );
}
