import { expect, type Page } from '@playwright/test';

/** Reading the outside-service fakes from a spec (see outside-fakes.ts), like mail.ts reads the inbox. */

const base = () => {
  const url = process.env.E2E_FAKES_URL;
  if (!url) throw new Error('E2E_FAKES_URL is not set: global setup starts the outside fakes');
  return url;
};

interface KavenegarCall {
  method: string;
  params: Record<string, string>;
}

/** Waits for the verification code Kavenegar's verify/lookup was asked to send to `receptor`, the newest after `after` calls. */
export async function waitForSmsCode(receptor: string, after = 0): Promise<{ code: string; count: number }> {
  let calls: KavenegarCall[] = [];
  await expect
    .poll(
      async () => {
        const response = await fetch(`${base()}/kavenegar/calls?receptor=${encodeURIComponent(receptor)}`);
        calls = ((await response.json()) as KavenegarCall[]).filter((call) => call.method === 'verify/lookup');
        return calls.length > after;
      },
      { timeout: 60_000, message: `a verification code sent to ${receptor}` },
    )
    .toBe(true);
  const code = calls.at(-1)?.params.token;
  if (!code) throw new Error(`the verify/lookup call to ${receptor} has no token`);
  return { code, count: calls.length };
}

/**
 * A Telegram (or Bale) user writes to the bot (e.g. `/start <token>`), as the messenger's getUpdates
 * will tell the server.
 */
export async function writeToBot(
  chatId: number,
  text: string,
  username?: string,
  messenger: 'telegram' | 'bale' = 'telegram',
): Promise<void> {
  const response = await fetch(`${base()}/${messenger}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, text, username }),
  });
  expect(response.ok).toBe(true);
}

interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

/** The deliveries the fake webhook target received so far. */
export async function webhookRequests(): Promise<ReceivedWebhook[]> {
  return (await (await fetch(`${base()}/webhook/requests`)).json()) as ReceivedWebhook[];
}

/** The fake webhook target answers its next `count` deliveries with `status` (e.g. 500). */
export async function webhookRespondNext(count: number, status: number): Promise<void> {
  const response = await fetch(`${base()}/webhook/respond-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count, status }),
  });
  expect(response.ok).toBe(true);
}

/** The fake webhook target's address. */
export const webhookUrl = () => {
  const url = process.env.E2E_WEBHOOK_URL;
  if (!url) throw new Error('E2E_WEBHOOK_URL is not set: global setup starts the outside fakes');
  return url;
};

/** Every Kavenegar call for `receptor` so far: `sms/send`, `verify/lookup`, `call/maketts`. */
export async function kavenegarCalls(receptor: string): Promise<KavenegarCall[]> {
  return (await (
    await fetch(`${base()}/kavenegar/calls?receptor=${encodeURIComponent(receptor)}`)
  ).json()) as KavenegarCall[];
}

/** The messages the bot sent to `chatId` so far. */
export async function telegramSent(chatId: number): Promise<Array<{ chatId: number; text: string }>> {
  return (await (await fetch(`${base()}/telegram/sent?chat=${chatId}`)).json()) as Array<{
    chatId: number;
    text: string;
  }>;
}

/** One event the web app's analytics adapter (apps/web/src/lib/analytics.ts) sent, as the collector got it. */
export type AnalyticsEvent = { name: string } & Record<string, unknown>;

const analyticsUrl = () => {
  const url = process.env.E2E_ANALYTICS_URL;
  if (!url) throw new Error('E2E_ANALYTICS_URL is not set: global setup starts the outside fakes');
  return url;
};

/** Every analytics event the collector received so far, in the order they arrived, after the first `after`. */
export async function analyticsEvents(after = 0): Promise<AnalyticsEvent[]> {
  return ((await (await fetch(`${base()}/analytics/events`)).json()) as AnalyticsEvent[]).slice(after);
}

let markers = 0;

/**
 * The analytics events received after the first `after`, once what `page` has sent so far has
 * arrived: the page sends a marker beacon of its own, after its earlier ones and through the same
 * network stack, and this waits for it. So a check that an event was *not* sent cannot pass only
 * because the event is still on its way. The markers are left out of the answer.
 */
export async function analyticsSettled(page: Page, after: number): Promise<AnalyticsEvent[]> {
  const id = `${process.pid}-${++markers}`;
  const queued = await page.evaluate(([url, body]) => navigator.sendBeacon(url, body), [
    analyticsUrl(),
    JSON.stringify({ name: 'e2e-marker', id }),
  ] as const);
  expect(queued, 'the marker beacon was queued').toBe(true);
  let events: AnalyticsEvent[] = [];
  await expect
    .poll(
      async () => {
        events = await analyticsEvents(after);
        return events.some((event) => event.name === 'e2e-marker' && event.id === id);
      },
      { timeout: 60_000, message: 'the marker beacon reached the analytics collector' },
    )
    .toBe(true);
  return events.filter((event) => event.name !== 'e2e-marker');
}

/** The origin of the fake Slack, Discord and Mattermost incoming webhooks. */
export const chatWebhooksUrl = () => {
  const url = process.env.E2E_CHAT_WEBHOOKS_URL;
  if (!url) throw new Error('E2E_CHAT_WEBHOOKS_URL is not set: global setup starts the outside fakes');
  return url;
};

/** The messages the fake Slack, Discord and Mattermost webhooks received so far. */
export async function chatMessages(): Promise<
  Array<{ service: string; path: string; body: Record<string, unknown> | undefined; status: number }>
> {
  return (await (await fetch(`${base()}/chat/received`)).json()) as Awaited<ReturnType<typeof chatMessages>>;
}

/** The messages Bale's bot sent to `chatId` so far. */
export async function baleSent(chatId: number): Promise<Array<{ chatId: number; text: string }>> {
  return (await (await fetch(`${base()}/bale/sent?chat=${chatId}`)).json()) as Array<{ chatId: number; text: string }>;
}
