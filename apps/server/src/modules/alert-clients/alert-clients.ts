import type { Config } from '../../config';
import type { MailTransport } from '../mail/mail.transport';
import { type ChatWebhookClient, createChatWebhookClient } from './chat-webhook.client';
import { createKavenegarClient, type KavenegarClient } from './kavenegar.client';
import { createTelegramClient, type TelegramClient } from './telegram.client';
import { createWebhookClient, type WebhookClient } from './webhook.client';

/** The outside services alerts and channel verification go through; an unconfigured one is absent. */
export interface AlertClients {
  mail: MailTransport;
  kavenegar: KavenegarClient | undefined;
  telegram: TelegramClient | undefined;
  /** Bale's Bot API follows Telegram's: the same client with Bale's base URL and bot. */
  bale: TelegramClient | undefined;
  webhooks: WebhookClient;
  /** Slack, Discord and Mattermost incoming webhooks. */
  chatWebhooks: ChatWebhookClient;
}

export function createAlertClients(config: Config, mail: MailTransport): AlertClients {
  return {
    mail,
    kavenegar: config.KAVENEGAR_API_KEY
      ? createKavenegarClient({
          baseUrl: config.KAVENEGAR_BASE_URL,
          apiKey: config.KAVENEGAR_API_KEY,
          sender: config.KAVENEGAR_SENDER,
        })
      : undefined,
    telegram: config.TELEGRAM_BOT_TOKEN
      ? createTelegramClient({ baseUrl: config.TELEGRAM_API_BASE_URL, botToken: config.TELEGRAM_BOT_TOKEN })
      : undefined,
    bale: config.BALE_BOT_TOKEN
      ? createTelegramClient({ service: 'bale', baseUrl: config.BALE_API_BASE_URL, botToken: config.BALE_BOT_TOKEN })
      : undefined,
    webhooks: createWebhookClient({
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    }),
    chatWebhooks: createChatWebhookClient({
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      origins: { slack: config.SLACK_WEBHOOK_ORIGINS, discord: config.DISCORD_WEBHOOK_ORIGINS },
    }),
  };
}
