import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { deliverNotification, INTERRUPTED_TEXT, sweepDeliveries } from './alert-delivery.service';
import { pruneDispatchedEvents } from './alert-dispatch.repository';
import { dispatchPendingEvents } from './alert-dispatch.service';
import {
  type AlertWorld,
  allChannelRefs,
  buildAlertOwner,
  createAlertedMonitor,
  notificationRows,
  postResult,
  startAlertWorld,
  takeMonitorDown,
} from './alerts.test-support';

let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(() => world.stop());

const SECOND = 1000;

const takeDown = (
  channels: Parameters<typeof buildAlertOwner>[1],
  options: Parameters<typeof buildAlertOwner>[2] = {},
) => takeMonitorDown(world, channels, options);

describe('a channel that keeps failing', () => {
  it('is tried 3 times with backoff and ends in history as not sent, with its reason', async () => {
    world.webhooks.respondNext(3, 500);
    const path = '/always-500';
    const { owner } = await takeDown({ webhooks: [{ value: `${world.webhooks.url}${path}`, is_verified: true }] });
    const row = await eventually(async () => {
      const [found] = await notificationRows(world, owner.id);
      expect(found?.state).toBe('failed');
      return found;
    }, 15_000);
    expect(row).toMatchObject({ is_sent: false, attempts: 3 });
    expect(row?.public_message).toMatch(/^Not sent after 3 attempts: .*500/);
    expect(world.webhooks.requests.filter((request) => request.path === path)).toHaveLength(3);
    const history = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/notification_history/',
      headers: owner.headers,
    });
    expect(history.json().results[0]).toMatchObject({ is_sent: false, public_message: row?.public_message });
  });

  it('is not retried when the failure cannot pass (a 404 webhook)', async () => {
    world.webhooks.respondNext(1, 404);
    const path = '/gone';
    const { owner } = await takeDown({ webhooks: [{ value: `${world.webhooks.url}${path}`, is_verified: true }] });
    const row = await eventually(async () => {
      const [found] = await notificationRows(world, owner.id);
      expect(found?.state).toBe('failed');
      return found;
    });
    expect(row).toMatchObject({ attempts: 1 });
    expect(row?.public_message).toMatch(/^Not sent: .*404/);
  });
});

describe('Telegram', () => {
  it('waits the retry_after a 429 asks for, then delivers once', async () => {
    world.telegram.rateLimitNext(1, 2);
    const { owner } = await takeDown(
      { telegram_usernames: [{ value: '@slow_down', is_verified: true }] },
      { telegramChatIds: { '@slow_down': 8101 } },
    );
    const firstTry = Date.now();
    const row = await eventually(async () => {
      const [found] = await notificationRows(world, owner.id);
      expect(found?.state).toBe('sent');
      return found;
    }, 10_000);
    expect(Date.now() - firstTry).toBeGreaterThanOrEqual(2 * SECOND);
    expect(row?.attempts).toBe(2);
    expect(world.telegram.sent.filter((message) => String(message.chatId) === '8101')).toHaveLength(1);
  });

  it('stops at a 403: the user blocked the bot', async () => {
    world.telegram.block(8202);
    const { owner } = await takeDown(
      { telegram_usernames: [{ value: '@blocked_bot', is_verified: true }] },
      { telegramChatIds: { '@blocked_bot': 8202 } },
    );
    const row = await eventually(async () => {
      const [found] = await notificationRows(world, owner.id);
      expect(found?.state).toBe('failed');
      return found;
    });
    expect(row?.attempts).toBe(1);
    expect(row?.public_message).toMatch(/^Not sent: .*block/i);
    // Unlinked and unverified: no more alerts go to a chat that refuses them until the link is opened again.
    const chats = await world.server.context.db.execute(sql`SELECT 1 FROM telegram_chats WHERE chat_id = '8202'`);
    expect(chats.rows).toHaveLength(0);
    const profile = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: owner.headers,
    });
    expect(profile.json().alert_channels.telegram_usernames).toEqual([{ value: '@blocked_bot', is_verified: false }]);
  });
});

describe('the plan’s monthly notification allowance', () => {
  it('refuses notifications past it, saying why', async () => {
    const channels = {
      emails: [
        { value: 'first-allowance@example.test', is_verified: true },
        { value: 'second-allowance@example.test', is_verified: true },
      ],
    };
    const owner = await buildAlertOwner(world, channels);
    // Free allows 100 a month: 99 are used already (failed ones do not count).
    await world.server.context.db.execute(sql`
      INSERT INTO notifications (user_id, notification_type, recipient, state, is_sent, created_at)
      SELECT ${owner.id}, 'email', 'old@example.test', 'sent', true, now() FROM generate_series(1, 99)`);
    await world.server.context.db.execute(sql`
      INSERT INTO notifications (user_id, notification_type, recipient, state, created_at)
      SELECT ${owner.id}, 'email', 'old@example.test', 'failed', now() FROM generate_series(1, 5)`);
    const { id: monitorId } = await createAlertedMonitor(world, owner, allChannelRefs(channels));
    const start = Date.now() - 10 * 60 * SECOND;
    for (const prober of ['A', 'B', 'C']) await postResult(world, prober, monitorId, start, true);
    await postResult(world, 'A', monitorId, start + 60 * SECOND, false);
    await postResult(world, 'C', monitorId, start + 60.5 * SECOND, true);
    await postResult(world, 'B', monitorId, start + 61 * SECOND, false);
    const rows = await eventually(async () => {
      const found = (await notificationRows(world, owner.id)).filter((row) => row.recipient !== 'old@example.test');
      expect(found.map((row) => row.state).sort()).toEqual(['failed', 'sent']);
      return found;
    });
    const refused = rows.find((row) => row.state === 'failed');
    expect(refused?.public_message).toBe("Not sent: your plan's 100 notifications for this month are used up.");
    expect(refused?.attempts).toBe(0);
  });
});

describe('at most once', () => {
  it('sends once however many workers race for the same notification', async () => {
    const path = '/raced';
    world.webhooks.setDelay(300);
    const channels = { webhooks: [{ value: `${world.webhooks.url}${path}`, is_verified: true }] };
    const { owner } = await takeDown(channels);
    const [row] = await eventually(async () => {
      const found = await world.server.context.db.execute<{ id: number }>(
        sql`SELECT id FROM notifications WHERE user_id = ${owner.id}`,
      );
      expect(found.rows).toHaveLength(1);
      return found.rows;
    });
    await Promise.all(Array.from({ length: 6 }, () => deliverNotification(world.server.context, row?.id as number)));
    await eventually(async () => expect((await notificationRows(world, owner.id))[0]?.state).toBe('sent'));
    world.webhooks.setDelay(0);
    expect(world.webhooks.requests.filter((request) => request.path === path)).toHaveLength(1);
  });

  it('dispatches an event once however many dispatchers race', async () => {
    const channels = { emails: [{ value: 'raced-dispatch@example.test', is_verified: true }] };
    const owner = await buildAlertOwner(world, channels);
    const { id: monitorId } = await createAlertedMonitor(world, owner, allChannelRefs(channels));
    // The event as a transition writes it, with no job asking for it: only the racers below see it.
    await world.server.context.db.execute(sql`
      INSERT INTO monitor_events (monitor_id, kind, at) VALUES (${monitorId}, 'down', now())`);
    await Promise.all(Array.from({ length: 4 }, () => dispatchPendingEvents(world.server.context)));
    await eventually(async () => {
      const rows = await notificationRows(world, owner.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.state).toBe('sent');
    });
    expect(world.server.inbox.messages.filter((mail) => mail.to.includes('raced-dispatch@example.test'))).toHaveLength(
      1,
    );
  });

  it('ends a send a dead process left half-done as not sent, and never sends it again', async () => {
    const owner = await buildAlertOwner(world, {});
    const inserted = await world.server.context.db.execute<{ id: number }>(sql`
      INSERT INTO notifications (user_id, notification_type, recipient, state, attempts, claimed_at, facts)
      VALUES (${owner.id}, 'email', 'half-done@example.test', 'sending', 1, now() - interval '10 minutes',
        '{"kind":"down","at":"2026-11-23T10:00:00.000Z","monitor":{"id":1,"name":"x","protocolType":"HTTP","url":null,"host":null},"downtime":null,"reason":null}')
      RETURNING id`);
    const id = inserted.rows[0]?.id as number;
    await deliverNotification(world.server.context, id);
    await sweepDeliveries(world.server.context);
    const [row] = await notificationRows(world, owner.id);
    expect(row).toMatchObject({ state: 'failed', is_sent: false, public_message: INTERRUPTED_TEXT });
    await deliverNotification(world.server.context, id);
    expect(world.server.inbox.messages.some((mail) => mail.to.includes('half-done@example.test'))).toBe(false);
  });

  it('re-enqueues a pending notification whose job was lost', async () => {
    const owner = await buildAlertOwner(world, {});
    await world.server.context.db.execute(sql`
      INSERT INTO notifications (user_id, notification_type, recipient, state, next_attempt_at, facts)
      VALUES (${owner.id}, 'email', 'lost-job@example.test', 'pending', now() - interval '5 minutes',
        '{"kind":"down","at":"2026-11-23T10:00:00.000Z","monitor":{"id":1,"name":"HTTP:lost","protocolType":"HTTP","url":null,"host":null},"downtime":null,"reason":null}')`);
    await sweepDeliveries(world.server.context);
    await eventually(async () => expect((await notificationRows(world, owner.id))[0]?.state).toBe('sent'));
    expect(world.server.inbox.messages.filter((mail) => mail.to.includes('lost-job@example.test'))).toHaveLength(1);
  });
});

describe('housekeeping', () => {
  it('deletes dispatched events after 30 days and keeps the rest', async () => {
    const owner = await buildAlertOwner(world, {});
    const { id: monitorId } = await createAlertedMonitor(world, owner, []);
    await world.server.context.db.execute(sql`
      INSERT INTO monitor_events (monitor_id, kind, at, processed_at) VALUES
        (${monitorId}, 'down', now() - interval '40 days', now() - interval '40 days'),
        (${monitorId}, 'up', now() - interval '2 days', now() - interval '2 days'),
        (${monitorId}, 'down', now() - interval '35 days', NULL)`);
    const pruned = await pruneDispatchedEvents(world.server.context.db, new Date(Date.now() - 30 * 86_400_000));
    expect(pruned).toBeGreaterThanOrEqual(1);
    const left = await world.server.context.db.execute<{ kind: string }>(
      sql`SELECT kind FROM monitor_events WHERE monitor_id = ${monitorId} ORDER BY id`,
    );
    expect(left.rows.map((row) => row.kind)).toEqual(['up', 'down']);
  });
});
