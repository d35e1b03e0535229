import type { ServiceContext } from '../../context';
import { type AlertService, AlertServiceError } from '../alert-clients/alert-clients.errors';
import type { ClaimedNotification } from './alert-delivery.repository';
import { findTelegramChat } from './alert-delivery.repository';
import { alertCallText, alertSms, alertSubject, alertText, webhookPayload } from './alert-messages';

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

const sendTelegram: AlertSender = async (context, notification) => {
  const telegram = context.alertClients.telegram;
  if (!telegram) throw notConfigured('telegram', 'Telegram');
  const chatId = await findTelegramChat(context.db, notification.userId, notification.recipient);
  if (!chatId) {
    throw new AlertServiceError({
      service: 'telegram',
      kind: 'blocked',
      reason: 'no Telegram chat is linked to this name; open the bot link in the Alert Center again',
      retryable: false,
    });
  }
  const { PRODUCT_NAME, DASHBOARD_URL } = context.config;
  await telegram.sendMessage(chatId, alertText(notification.facts, PRODUCT_NAME, DASHBOARD_URL));
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

export const alertSenders: Record<ClaimedNotification['notificationType'], AlertSender> = {
  email: sendEmail,
  sms: sendSms,
  call: sendCall,
  telegram: sendTelegram,
  webhook: sendWebhook,
};
