/**
 * The outside services for `npm run dev`, on loopback: Kavenegar, the Telegram Bot API, a
 * webhook target, Zarinpal and the hosting console (the same fakes the tests use). What they receive is printed, so a developer
 * reads the SMS code off the terminal; the bot link opens a page here that presses Start at once
 * (as the Telegram user `dev_user`), so linking a Telegram name works without Telegram.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeHostingConsole } from '../apps/server/test/fakes/hosting-console';
import { startFakeKavenegar } from '../apps/server/test/fakes/kavenegar';
import { startFakeTelegramBotApi } from '../apps/server/test/fakes/telegram-bot-api';
import { startFakeWebhookReceiver } from '../apps/server/test/fakes/webhook-receiver';
import { startFakeZarinpal } from '../apps/server/test/fakes/zarinpal';

const KAVENEGAR_KEY = 'dev-kavenegar-key';
const DEV_CHAT_ID = 4242;

export async function startDevFakes(): Promise<{ environment: Record<string, string>; stop(): Promise<void> }> {
  const kavenegar = await startFakeKavenegar({ apiKey: KAVENEGAR_KEY });
  const telegram = await startFakeTelegramBotApi();
  const webhook = await startFakeWebhookReceiver();
  // Card payments go through a StartPay page with Pay and Cancel; every email has a console account.
  const zarinpal = await startFakeZarinpal();
  const hostingConsole = await startFakeHostingConsole({ autoAccounts: true });
  const printed = { kavenegar: 0, telegram: 0, webhook: 0 };
  const printer = setInterval(() => {
    for (const call of kavenegar.calls.slice(printed.kavenegar))
      console.log(
        `[fake kavenegar] ${call.method} to ${call.params.receptor}: ${call.params.token ?? call.params.message}`,
      );
    for (const message of telegram.sent.slice(printed.telegram))
      console.log(`[fake telegram] to chat ${message.chatId}: ${message.text}`);
    for (const request of webhook.requests.slice(printed.webhook))
      console.log(`[fake webhook] ${request.method} ${request.path}: ${request.body}`);
    printed.kavenegar = kavenegar.calls.length;
    printed.telegram = telegram.sent.length;
    printed.webhook = webhook.requests.length;
  }, 500);
  // TELEGRAM_BOT_LINK points here: opening `?start=<token>` is pressing Start in the bot's chat.
  const botPage = http.createServer((request, response) => {
    const token = new URL(request.url ?? '/', 'http://bot').searchParams.get('start');
    if (token) telegram.pushMessage(DEV_CHAT_ID, `/start ${token}`);
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(
      token
        ? '<p>The fake bot got Start from a dev Telegram user: the name is linked. You can close this tab.</p>'
        : '<p>Open this page from the Alert Center.</p>',
    );
  });
  await new Promise<void>((resolve) => botPage.listen(0, '127.0.0.1', resolve));
  const botLink = `http://127.0.0.1:${(botPage.address() as AddressInfo).port}/PaydarDevBot`;
  console.log(`[fakes] SMS codes, bot messages and webhooks are printed here; webhook target: ${webhook.url}/hook`);
  return {
    environment: {
      KAVENEGAR_BASE_URL: kavenegar.url,
      KAVENEGAR_API_KEY: KAVENEGAR_KEY,
      TELEGRAM_API_BASE_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: telegram.token,
      TELEGRAM_BOT_LINK: botLink,
      ALLOW_PRIVATE_TARGETS: 'true',
      ZARINPAL_BASE_URL: zarinpal.url,
      ZARINPAL_MERCHANT_ID: zarinpal.merchantId,
      CONSOLE_API_URL: hostingConsole.url,
      CONSOLE_API_KEY: hostingConsole.apiKey,
    },
    async stop() {
      clearInterval(printer);
      await new Promise((resolve) => botPage.close(resolve));
      await Promise.all([kavenegar.stop(), telegram.stop(), webhook.stop(), zarinpal.stop(), hostingConsole.stop()]);
    },
  };
}
