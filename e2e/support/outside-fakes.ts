import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeChatWebhooks } from '../../apps/server/test/fakes/chat-webhooks';
import { startFakeHostingConsole } from '../../apps/server/test/fakes/hosting-console';
import { listenLoopback, readBody } from '../../apps/server/test/fakes/http-fake';
import { startFakeKavenegar } from '../../apps/server/test/fakes/kavenegar';
import { startFakeTelegramBotApi } from '../../apps/server/test/fakes/telegram-bot-api';
import { startFakeWebhookReceiver } from '../../apps/server/test/fakes/webhook-receiver';
import { startFakeZarinpal } from '../../apps/server/test/fakes/zarinpal';

const KAVENEGAR_API_KEY = 'e2e-kavenegar-key';
const TELEGRAM_BOT_TOKEN = '123456:e2e-bot-token';
const BALE_BOT_TOKEN = '654321:e2e-bale-bot-token';
const ZARINPAL_MERCHANT_ID = 'e2e00000-0000-4000-8000-00000000e2e0';
const CONSOLE_API_KEY = 'e2e-console-key';

export interface OutsideFakes {
  /** What the server process needs to reach the fakes instead of the real services. */
  serverEnvironment: Record<string, string>;
  /** The HTTP window onto the fakes, for spec workers (other processes). */
  httpUrl: string;
  /** Where a webhook channel can point: the fake receiver. */
  webhookUrl: string;
  /** The origin of the fake Slack, Discord and Mattermost incoming webhooks. */
  chatWebhooksUrl: string;
  /** Where the web app sends analytics beacons (the server's ANALYTICS_ENDPOINT): the receiver. */
  analyticsUrl: string;
  stop(): Promise<void>;
}

function readJson(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

/**
 * An analytics collector on loopback: records the body of every POST to `/events`, parsed as JSON
 * (a body that is not JSON is kept as its text, so a malformed beacon still shows in an assertion).
 * The browser posts from the app's origin, so the answers allow any origin; a text/plain beacon
 * needs no preflight, but OPTIONS is answered too in case the adapter ever sends JSON.
 */
async function startAnalyticsReceiver(): Promise<{ url: string; events: unknown[]; stop(): Promise<void> }> {
  const events: unknown[] = [];
  const listening = await listenLoopback((request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-allow-credentials', 'true');
    response.setHeader('access-control-allow-methods', 'POST');
    response.setHeader('access-control-allow-headers', 'content-type');
    response.setHeader('vary', 'origin');
    const path = new URL(request.url ?? '/', 'http://analytics').pathname;
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method !== 'POST' || path !== '/events') {
      response.writeHead(404).end();
      return;
    }
    readBody(request).then(
      (body) => {
        try {
          events.push(JSON.parse(body));
        } catch {
          events.push(body);
        }
        response.writeHead(204).end();
      },
      () => response.destroy(),
    );
  });
  return { url: `${listening.url}/events`, events, stop: listening.stop };
}

/**
 * The server tests' loopback fakes of Kavenegar, the Telegram Bot API, a webhook target, Zarinpal
 * and the hosting console, and an analytics collector for the browser's beacons, for the real
 * server process of the browser tests, plus a small HTTP window so spec workers can read what the
 * fakes received and act as a Telegram user:
 *
 * - `GET /kavenegar/calls?receptor=` — the Kavenegar calls (SMS, verify lookups, voice calls)
 * - `GET /telegram/sent?chat=` — the messages the bot sent
 * - `POST /telegram/messages {chatId, text, username?}` — a user writes to the bot
 * - `GET /bale/sent?chat=`, `POST /bale/messages {chatId, text, username?}` — the same for Bale's bot
 * - `GET /chat/received` — the messages the fake Slack, Discord and Mattermost webhooks received
 * - `GET /webhook/requests` — the deliveries the webhook target received
 * - `POST /webhook/respond-next {count, status}` — the webhook target answers the next `count` with `status`
 * - `GET /zarinpal/payments` — the payments Zarinpal opened (authority, amount, state, refId…)
 * - `POST /zarinpal/fail-next-verify {count, code, message}` — verify.json answers that error next
 * - `POST /console/accounts {email, has_organization?, credit?, transfers_allowed?}` — a console account
 * - `GET /console/transfers?email=` — the credit transfers the console made
 * - `GET /analytics/events` — the analytics events the web app sent, in the order they arrived
 *
 * Zarinpal's StartPay page (Pay / Cancel) is on the fake's own URL; the server's redirect_url points there.
 */
export async function startOutsideFakes(): Promise<OutsideFakes> {
  const kavenegar = await startFakeKavenegar({ apiKey: KAVENEGAR_API_KEY });
  const telegram = await startFakeTelegramBotApi({ token: TELEGRAM_BOT_TOKEN });
  // Bale's Bot API follows Telegram's: the same fake, another bot.
  const bale = await startFakeTelegramBotApi({ token: BALE_BOT_TOKEN });
  const chats = await startFakeChatWebhooks();
  const webhook = await startFakeWebhookReceiver();
  const zarinpal = await startFakeZarinpal({ merchantId: ZARINPAL_MERCHANT_ID });
  const hostingConsole = await startFakeHostingConsole({ apiKey: CONSOLE_API_KEY });
  const analytics = await startAnalyticsReceiver();

  const window = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fakes');
      let body: unknown;
      if (request.method === 'GET' && url.pathname === '/kavenegar/calls') {
        const receptor = url.searchParams.get('receptor');
        body = kavenegar.calls.filter((call) => !receptor || call.params.receptor === receptor);
      } else if (request.method === 'GET' && url.pathname === '/telegram/sent') {
        const chat = url.searchParams.get('chat');
        body = telegram.sent.filter((message) => !chat || String(message.chatId) === chat);
      } else if (request.method === 'POST' && /^\/(telegram|bale)\/messages$/.test(url.pathname)) {
        const { chatId, text, username } = (await readJson(request)) as {
          chatId: number;
          text: string;
          username?: string;
        };
        body = (url.pathname.startsWith('/bale') ? bale : telegram).pushMessage(chatId, text, username);
      } else if (request.method === 'GET' && url.pathname === '/bale/sent') {
        const chat = url.searchParams.get('chat');
        body = bale.sent.filter((message) => !chat || String(message.chatId) === chat);
      } else if (request.method === 'GET' && url.pathname === '/chat/received') {
        body = chats.received;
      } else if (request.method === 'GET' && url.pathname === '/webhook/requests') {
        body = webhook.requests;
      } else if (request.method === 'POST' && url.pathname === '/webhook/respond-next') {
        const { count, status } = (await readJson(request)) as { count: number; status: number };
        webhook.respondNext(count, status);
        body = { ok: true };
      } else if (request.method === 'GET' && url.pathname === '/zarinpal/payments') {
        body = [...zarinpal.payments.values()];
      } else if (request.method === 'POST' && url.pathname === '/zarinpal/fail-next-verify') {
        const { count, code, message } = (await readJson(request)) as { count: number; code: number; message: string };
        zarinpal.failNextVerify(count, { code, message });
        body = { ok: true };
      } else if (request.method === 'POST' && url.pathname === '/console/accounts') {
        const { email, has_organization, credit, transfers_allowed } = (await readJson(request)) as {
          email: string;
          has_organization?: boolean;
          credit?: number;
          transfers_allowed?: boolean;
        };
        body = hostingConsole.setAccount(email, {
          ...(has_organization === undefined ? {} : { hasOrganization: has_organization }),
          ...(credit === undefined ? {} : { credit }),
          ...(transfers_allowed === undefined ? {} : { transfersAllowed: transfers_allowed }),
        });
      } else if (request.method === 'GET' && url.pathname === '/console/transfers') {
        const email = url.searchParams.get('email')?.toLowerCase();
        body = hostingConsole.transfers.filter((transfer) => !email || transfer.email === email);
      } else if (request.method === 'GET' && url.pathname === '/analytics/events') {
        body = analytics.events;
      } else {
        response.statusCode = 404;
        body = { detail: 'Not found.' };
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    })().catch((error: unknown) => {
      response.statusCode = 400;
      response.end(JSON.stringify({ detail: String(error) }));
    });
  });
  await new Promise<void>((resolve) => window.listen(0, '127.0.0.1', resolve));
  const httpUrl = `http://127.0.0.1:${(window.address() as AddressInfo).port}`;

  return {
    serverEnvironment: {
      KAVENEGAR_BASE_URL: kavenegar.url,
      KAVENEGAR_API_KEY,
      TELEGRAM_API_BASE_URL: telegram.url,
      TELEGRAM_BOT_TOKEN,
      BALE_API_BASE_URL: bale.url,
      BALE_BOT_TOKEN,
      SLACK_WEBHOOK_ORIGINS: chats.url,
      DISCORD_WEBHOOK_ORIGINS: chats.url,
      ZARINPAL_BASE_URL: zarinpal.url,
      ZARINPAL_MERCHANT_ID,
      CONSOLE_API_URL: hostingConsole.url,
      CONSOLE_API_KEY,
      ANALYTICS_ENDPOINT: analytics.url,
    },
    httpUrl,
    webhookUrl: `${webhook.url}/paydar`,
    chatWebhooksUrl: chats.url,
    analyticsUrl: analytics.url,
    async stop() {
      await new Promise((resolve) => window.close(resolve));
      await Promise.all([
        kavenegar.stop(),
        telegram.stop(),
        bale.stop(),
        chats.stop(),
        webhook.stop(),
        zarinpal.stop(),
        hostingConsole.stop(),
        analytics.stop(),
      ]);
    },
  };
}
