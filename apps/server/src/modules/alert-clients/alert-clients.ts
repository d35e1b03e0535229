import type { Config } from '../../config';
import type { MailTransport } from '../mail/mail.transport';
import { createKavenegarClient, type KavenegarClient } from './kavenegar.client';
import { createTelegramClient, type TelegramClient } from './telegram.client';
import { createWebhookClient, type WebhookClient } from './webhook.client';

/** The outside services alerts and channel verification go through; an unconfigured one is absent. */
export interface AlertClients {
  mail: MailTransport;
  kavenegar: KavenegarClient | undefined;
  telegram: TelegramClient | undefined;
  webhooks: WebhookClient;
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
    webhooks: createWebhookClient({
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
    }),
  };
}
