import { ALERT_CHANNEL_KEYS, type MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import type { TelegramClient } from '../alert-clients/telegram.client';

/**
 * A messenger whose bot links a chat to a username: Telegram, and Bale, whose Bot API follows
 * Telegram's. The bot, the links and the alerts are the same code for both; this says which
 * client, bot and profile list one of them uses.
 */
export interface Messenger {
  type: MessengerChannelType;
  /** How users know it: 'Telegram', 'Bale'. */
  name: string;
  /** The profile list its usernames are in. */
  key: (typeof ALERT_CHANNEL_KEYS)[MessengerChannelType];
  /** Absent when this server has no bot for it. */
  client: TelegramClient | undefined;
  botToken: string | undefined;
  /** The bot's page a start link is made from (`https://t.me/<bot>`, `https://ble.ir/<bot>`). */
  botLink: string;
}

export const MESSENGER_NAMES: Record<MessengerChannelType, string> = { telegram: 'Telegram', bale: 'Bale' };

export function messengerOf(
  context: Pick<ServiceContext, 'config' | 'alertClients'>,
  type: MessengerChannelType,
): Messenger {
  const { config, alertClients } = context;
  return type === 'bale'
    ? {
        type,
        name: MESSENGER_NAMES.bale,
        key: ALERT_CHANNEL_KEYS.bale,
        client: alertClients.bale,
        botToken: config.BALE_BOT_TOKEN,
        botLink: config.BALE_BOT_LINK,
      }
    : {
        type,
        name: MESSENGER_NAMES.telegram,
        key: ALERT_CHANNEL_KEYS.telegram,
        client: alertClients.telegram,
        botToken: config.TELEGRAM_BOT_TOKEN,
        botLink: config.TELEGRAM_BOT_LINK,
      };
}
