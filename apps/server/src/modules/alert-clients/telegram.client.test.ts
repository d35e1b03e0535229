import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTelegramBotApi, startFakeTelegramBotApi } from '../../../test/fakes/telegram-bot-api';
import { IN_PROCESS_WAIT_MS } from '../../../test/loaded-machine';
import { expectAlertFailure } from './alert-clients.test-support';
import { createTelegramClient, type TelegramClient } from './telegram.client';

let fake: FakeTelegramBotApi;
let client: TelegramClient;

const failure = (promise: Promise<unknown>) => expectAlertFailure(promise, fake.token);

beforeAll(async () => {
  fake = await startFakeTelegramBotApi();
  // The client's own 10 s: a loopback answer on a loaded machine can take longer than a second.
  client = createTelegramClient({ baseUrl: fake.url, botToken: fake.token });
});
afterAll(() => fake.stop());

describe('Telegram client', () => {
  it('sends a message and returns its id', async () => {
    const id = await client.sendMessage(4242, 'Monitor "api" is down');
    expect(id).toBeGreaterThan(0);
    expect(fake.sent).toContainEqual({ chatId: 4242, text: 'Monitor "api" is down' });
  });

  it('carries retry_after on 429', async () => {
    fake.rateLimitNext(1, 17);
    const error = await failure(client.sendMessage(4242, 'hi'));
    expect(error).toMatchObject({
      service: 'telegram',
      kind: 'rate-limited',
      status: 429,
      retryAfterSeconds: 17,
      retryable: true,
    });
    await expect(client.sendMessage(4242, 'hi')).resolves.toBeGreaterThan(0);
  });

  it('reports a chat that blocked the bot (403) as final', async () => {
    fake.block(777);
    const error = await failure(client.sendMessage(777, 'hi'));
    expect(error).toMatchObject({ kind: 'blocked', status: 403, retryable: false });
    expect(error.reason).toContain('bot was blocked by the user');
    fake.block(777, false);
  });

  it('reports a bad token as a final rejection without the token in the message', async () => {
    const wrong = createTelegramClient({ baseUrl: fake.url, botToken: '999:not-the-token' });
    const error = await failure(wrong.sendMessage(1, 'hi'));
    expect(error).toMatchObject({ kind: 'rejected', status: 401, retryable: false });
    expect(error.message).not.toContain('not-the-token');
  });

  it('long-polls: answers when an update arrives, and offset confirms earlier updates', async () => {
    const first = fake.pushMessage(1001, '/start abc', 'alice');
    const immediate = await client.getUpdates(0, 5);
    expect(immediate.map((update) => update.message?.text)).toEqual(['/start abc']);
    expect(fake.pollRequests.at(-1)).toMatchObject({ offset: 0, timeout: 5, allowed_updates: ['message'] });

    // An hour's poll, far past this test's timeout: it can only pass if the update ends the poll.
    const polls = fake.pollRequests.length;
    const waiting = client.getUpdates(first.update_id + 1, 3_600);
    await expect.poll(() => fake.pollRequests.length, { timeout: IN_PROCESS_WAIT_MS }).toBe(polls + 1);
    fake.pushMessage(1002, '/stop');
    const later = await waiting;
    expect(later.map((update) => [update.update_id, update.message?.chat.id, update.message?.text])).toEqual([
      [first.update_id + 1, 1002, '/stop'],
    ]);
  });

  it('long-polls: answers [] after the timeout when nothing arrives', async () => {
    const next = fake.pushMessage(1003, 'x').update_id + 1;
    const started = Date.now();
    await expect(client.getUpdates(next, 1)).resolves.toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('rejects with the caller’s reason when the poll is aborted (shutdown)', async () => {
    const controller = new AbortController();
    const polling = client.getUpdates(1_000_000, 30, controller.signal);
    setTimeout(() => controller.abort(new Error('shutting down')), 100);
    await expect(polling).rejects.toThrow('shutting down');
  });

  it('reports a second poller’s conflict (409) as worth retrying', async () => {
    const polls = fake.pollRequests.length;
    const older = client.getUpdates(1_000_000, 5);
    // The newer poll must reach the fake after the older one, however slow the machine.
    await expect.poll(() => fake.pollRequests.length, { timeout: IN_PROCESS_WAIT_MS }).toBe(polls + 1);
    const newer = client.getUpdates(1_000_000, 1);
    expect(await failure(older)).toMatchObject({ kind: 'rejected', status: 409, retryable: true });
    await expect(newer).resolves.toEqual([]);
  });

  it('times out sendMessage on a server that never answers', async () => {
    const { createServer } = await import('node:http');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const slow = createTelegramClient({ baseUrl: `http://127.0.0.1:${port}`, botToken: fake.token, timeoutMs: 200 });
    expect(await failure(slow.sendMessage(1, 'hi'))).toMatchObject({ kind: 'timeout', retryable: true });
    silent.closeAllConnections();
    silent.close();
  });
});
