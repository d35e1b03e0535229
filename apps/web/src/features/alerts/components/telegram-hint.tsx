import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import { ExternalLinkIcon } from '@/components/icons';
import { useRuntimeConfig } from '@/config/runtime-config';
import { useOpenTelegramBot } from '../hooks/use-open-telegram-bot';
import { useVerificationWatch } from '../hooks/use-verification-watch';
import type { AlertChannelEntry } from './channel-types';

const botName = (link: string) => {
  const name = /(?:t\.me|ble\.ir)\/([^/?#]+)/i.exec(link)?.[1];
  return name ? `@${name}` : 'our bot';
};

const MESSENGER_NAMES: Record<MessengerChannelType, string> = { telegram: 'Telegram', bale: 'Bale' };

/**
 * An unverified Telegram (or Bale) name is verified by starting the alert bot from that account:
 * "Open the bot" asks the server for a start link made for the name and opens it in the messenger.
 */
export function TelegramHint({
  messenger = 'telegram',
  entries,
  disabled,
}: {
  messenger?: MessengerChannelType;
  entries: readonly AlertChannelEntry[];
  disabled?: boolean;
}) {
  const { telegramBotLink, baleBotLink } = useRuntimeConfig();
  const botLink = messenger === 'bale' ? baleBotLink : telegramBotLink;
  const bot = useOpenTelegramBot(messenger);
  const unverified = entries.filter((entry) => !entry.is_verified);
  // Once the bot is opened, the name turns verified when its owner presses Start in Telegram.
  useVerificationWatch(bot.opened && unverified.length > 0);
  if (!unverified.length) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        An unverified name gets no alerts: open {botName(botLink)} from that {MESSENGER_NAMES[messenger]} account and
        press Start.
      </Text>
      {unverified.map((entry) => (
        <Group key={entry.value} gap={6} wrap="nowrap">
          <Text size="xs" fw={600} truncate="end" dir="ltr" style={{ minWidth: 0 }}>
            {entry.value}
          </Text>
          <Anchor
            component="button"
            type="button"
            size="xs"
            fw={600}
            disabled={disabled || bot.opening === entry.value}
            onClick={() => bot.open(entry.value)}
            aria-label={`Open the bot for ${entry.value}`}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 3, flexShrink: 0 }}
          >
            Open the bot <ExternalLinkIcon size={12} />
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}
