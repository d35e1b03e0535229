import type { ChatWebhookType, MessengerChannelType } from '@paydar/contracts/alert-channels';
import type { ServiceContext } from '../../context';
import { messengerOf } from '../alert-channels/messengers';
import { type AlertService, AlertServiceError } from '../alert-clients/alert-clients.errors';
import type { ClaimedNotification } from './alert-delivery.repository';
import { findTelegramChat } from './alert-delivery.repository';
import { alertCallText, alertSms, alertSubject, alertText, webhookPayload } from './alert-messages';
import { chatMessageOf } from './chat-messages';

/** Sends one notification through its channel; resolves with what to show as sent, throws AlertServiceError. */
export type AlertSender = (context: ServiceContext, notification: ClaimedNotification) => Promise<string>;

function notConfigured(service: AlertService, what: string): AlertServiceError {
  return new AlertServiceError({
    service,
    kind: 'rejected',
    reason: `${what} is not set up on this server`,
    retryable: false,
  });
}

/** SMTP answers 5xx for a permanent refusal (no such mailbox); anything else may pass later. */
function mailError(error: unknown): AlertServiceError {
  const code = (error as { responseCode?: number }).responseCode;
  if (code) {
    return new AlertServiceError({
      service: 'mail',
      kind: 'rejected',
      reason: `the mail server refused the message (${code})`,
      retryable: code < 500,
      status: code,
    });
  }
  return new AlertServiceError({
    service: 'mail',
    kind: 'network',
    reason: 'the mail server could not be reached',
    retryable: true,
    cause: error,
  });
}

const sendEmail: AlertSender = async (context, notification) => {
  const { PRODUCT_NAME, DASHBOARD_URL } = context.config;
  try {
    await context.alertClients.mail.deliver({
      to: notification.recipient,
      subject: alertSubject(notification.facts, PRODUCT_NAME),
      text: alertText(notification.facts, PRODUCT_NAME, DASHBOARD_URL),
    });
  } catch (error) {
    throw mailError(error);
  }
  return 'Sent.';
};

const sendSms: AlertSender = async (context, notification) => {
  const kavenegar = context.alertClients.kavenegar;
  if (!kavenegar) throw notConfigured('kavenegar', 'SMS');
  await kavenegar.sendSms(notification.recipient, alertSms(notification.facts, context.config.PRODUCT_NAME));
  return 'Sent.';
};

const sendCall: AlertSender = async (context, notification) => {
  const kavenegar = context.alertClients.kavenegar;
  if (!kavenegar) throw notConfigured('kavenegar', 'Voice calling');
  await kavenegar.callTts(notification.recipient, alertCallText(notification.facts, context.config.PRODUCT_NAME));
  return 'Called.';
};

/** Telegram, or Bale (its Bot API follows Telegram's): the same plain text to the linked chat. */
const sendToMessenger =
  (type: MessengerChannelType): AlertSender =>
  async (context, notification) => {
    const messenger = messengerOf(context, type);
    if (!messenger.client) throw notConfigured(type, messenger.name);
    const chatId = await findTelegramChat(context.db, notification.userId, notification.recipient, type);
    if (!chatId) {
      throw new AlertServiceError({
        service: type,
        kind: 'blocked',
        reason: `no ${messenger.name} chat is linked to this name; open the bot link in the Alert Center again`,
        retryable: false,
      });
    }
    const { PRODUCT_NAME, DASHBOARD_URL } = context.config;
    await messenger.client.sendMessage(chatId, alertText(notification.facts, PRODUCT_NAME, DASHBOARD_URL));
    return 'Sent.';
  };

const sendWebhook: AlertSender = async (context, notification) => {
  const payload = webhookPayload(notification.facts, notification.id, context.config.DASHBOARD_URL);
  const delivery = await context.alertClients.webhooks.deliverWebhook(
    notification.recipient,
    payload,
    notification.webhookSecret,
  );
  return `Delivered (HTTP ${delivery.status}).`;
};

/** Slack, Discord, Mattermost: the alert in the service's own message format. */
const sendToChat =
  (type: ChatWebhookType): AlertSender =>
  async (context, notification) => {
    const message = chatMessageOf(type, notification.facts, context.config);
    const delivery = await context.alertClients.chatWebhooks.post(type, notification.recipient, message);
    return `Delivered (HTTP ${delivery.status}).`;
  };

export const alertSenders: Record<ClaimedNotification['notificationType'], AlertSender> = {
  email: sendEmail,
  sms: sendSms,
  call: sendCall,
  telegram: sendToMessenger('telegram'),
  bale: sendToMessenger('bale'),
  webhook: sendWebhook,
  slack: sendToChat('slack'),
  discord: sendToChat('discord'),
  mattermost: sendToChat('mattermost'),
};
