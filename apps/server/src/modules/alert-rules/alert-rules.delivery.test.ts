import type { AlertRulesInput } from '@paydar/contracts/alert-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import type { BuiltUser } from '../../../test/factories';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import {
  type AlertWorld,
  allChannelRefs,
  buildAlertOwner,
  notificationRows,
  postResult,
  startAlertWorld,
} from '../alerts/alerts.test-support';
import { wakeDueMonitors } from './alert-rules.service';

let world: AlertWorld;
beforeAll(async () => {
  world = await startAlertWorld();
});
afterAll(() => world.stop());

const MINUTE = 60_000;

/**
 * A monitor whose three probers agree, on a clock the test moves: at minute `m` they all see it
 * up or down (a majority, so ingest makes the transition), then the alerting runs at that time.
 */
class Scenario {
  readonly start = Date.now();
  owner!: BuiltUser;
  monitorId = 0;
  private seq = 0;

  constructor(
    private readonly channels: Parameters<typeof buildAlertOwner>[1],
    private readonly rules: AlertRulesInput,
    private readonly plan = 'Gold',
  ) {}

  async create(): Promise<this> {
    world.server.clock.offsetMs = 0;
    this.owner = await buildAlertOwner(world, this.channels, {
      plan: this.plan,
      telegramChatIds: Object.fromEntries(
        (this.channels.telegram_usernames ?? []).map((entry, index) => [entry.value, 9100 + index]),
      ),
    });
    const response = await world.server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: this.owner.headers,
      payload: {
        protocol_type: 'HTTP',
        url: 'http://shop.example.test/',
        alias: 'shop',
        period: 60,
        apdex: 0.5,
        probers: Object.values(world.probers).map((prober) => prober.id),
        alert: allChannelRefs(this.channels),
        alert_rules: this.rules,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    this.monitorId = response.json().id;
    await this.at(0);
    for (const prober of ['A', 'B', 'C']) await postResult(world, prober, this.monitorId, this.time(0) - 30_000, true);
    return this;
  }

  time(minute: number) {
    return this.start + minute * MINUTE;
  }

  /** Moves the service clock to minute `minute` and runs what is due (wake-ups, dispatch). */
  async at(minute: number): Promise<void> {
    world.server.clock.offsetMs = this.time(minute) - Date.now();
    await wakeDueMonitors(world.server.context);
    await dispatchPendingEvents(world.server.context);
    await eventually(async () => {
      const pending = await world.server.context.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM monitor_events WHERE monitor_id = ${this.monitorId} AND processed_at IS NULL`,
      );
      expect(pending.rows[0]?.n).toBe(0);
    });
  }

  /** All three probers see the target `up` or down at minute `minute`: ingest makes the transition. */
  async see(minute: number, up: boolean): Promise<void> {
    await this.at(minute);
    for (const prober of ['A', 'B', 'C']) {
      this.seq += 1;
      // Just before the minute, so what is due a whole number of minutes later is due at that minute.
      await postResult(world, prober, this.monitorId, this.time(minute) - 1000 + this.seq, up);
    }
    await this.at(minute);
  }

  /** The notifications written, as 'kind type' in order. */
  async told(): Promise<string[]> {
    const rows = await world.server.context.db.execute<{ kind: string; notification_type: string }>(sql`
      SELECT facts->>'kind' AS kind, notification_type FROM notifications
      WHERE monitor_id = ${this.monitorId} ORDER BY id`);
    return rows.rows.map((row) => `${row.kind} ${row.notification_type}`);
  }

  async kinds(type = 'email'): Promise<string[]> {
    return (await this.told()).filter((row) => row.endsWith(` ${type}`)).map((row) => row.split(' ')[0] as string);
  }

  async reasons(): Promise<Array<string | null>> {
    const rows = await world.server.context.db.execute<{ reason: string | null }>(sql`
      SELECT facts->>'reason' AS reason FROM notifications
      WHERE monitor_id = ${this.monitorId} AND notification_type = 'email' ORDER BY id`);
    return rows.rows.map((row) => row.reason);
  }

  /** Waits until every notification of the monitor is delivered (the real fakes answered). */
  async delivered(): Promise<void> {
    await eventually(async () => {
      const rows = await notificationRows(world, this.owner.id);
      expect(rows.every((row) => row.state === 'sent')).toBe(true);
    });
  }
}

const email = (name: string) => ({ emails: [{ value: `${name}@example.test`, is_verified: true }] });

describe('alert rules over real transitions and the real channel fakes', () => {
  it('defaults: the down at once; the up at once too, saying how long it was down (issue 37)', async () => {
    const scenario = await new Scenario(email('defaults'), {}).create();
    await scenario.see(1, false);
    expect(await scenario.kinds()).toEqual(['down']);
    await scenario.see(10, true);
    expect(await scenario.kinds()).toEqual(['down', 'up']);
    await scenario.delivered();
    const mails = world.server.inbox.messages.filter((mail) => mail.to.includes('defaults@example.test'));
    expect(mails.map((mail) => mail.subject)).toEqual(['[Paydar] DOWN: HTTP:shop', '[Paydar] UP: HTTP:shop']);
    expect(mails[1]?.text).toMatch(/It was down for \d+ minutes?/);
  });

  it('a 3-minute recovery hold: the up only once it stayed up 3 minutes', async () => {
    const scenario = await new Scenario(email('held'), { recovery_after_minutes: 3 }).create();
    await scenario.see(1, false);
    await scenario.see(10, true);
    await scenario.at(12);
    expect(await scenario.kinds()).toEqual(['down']);
    await scenario.at(13);
    expect(await scenario.kinds()).toEqual(['down', 'up']);
  });

  it('alert_after 5 minutes delays the down, and a shorter downtime is never told', async () => {
    const scenario = await new Scenario(email('after'), { alert_after: { count: 5, unit: 'minutes' } }).create();
    await scenario.see(1, false);
    await scenario.at(5);
    expect(await scenario.kinds()).toEqual([]);
    await scenario.at(6);
    expect(await scenario.kinds()).toEqual(['down']);
    expect((await scenario.reasons())[0]).toBe('Down for 5 minutes (HTTP 503).');

    const short = await new Scenario(email('after-short'), { alert_after: { count: 5, unit: 'minutes' } }).create();
    await short.see(1, false);
    await short.see(4, true);
    await short.at(30);
    expect(await short.told()).toEqual([]);
  });

  it('alert_after 3 checks of a minute: told 2 periods after the confirmed down', async () => {
    const scenario = await new Scenario(email('checks'), { alert_after: { count: 3, unit: 'checks' } }).create();
    await scenario.see(1, false);
    await scenario.at(2);
    expect(await scenario.kinds()).toEqual([]);
    await scenario.at(3);
    expect(await scenario.kinds()).toEqual(['down']);
  });

  it('reminders every 5 minutes, capped at 2, never ringing a phone', async () => {
    const channels = { ...email('remind'), phones: [{ value: '09120000071', is_verified: true }] };
    const scenario = await new Scenario(channels, { remind_every_minutes: 5, remind_limit: 2 }).create();
    await scenario.see(1, false);
    for (const minute of [5, 6, 11, 16, 21, 40]) await scenario.at(minute);
    expect(await scenario.told()).toEqual([
      'down email',
      'down sms',
      'down call',
      'reminder email',
      'reminder sms',
      'reminder email',
      'reminder sms',
    ]);
    expect((await scenario.reasons())[1]).toBe('Still down after 5 minutes (HTTP 503).');
    // A wake-up that fires twice (a repeated job, the sweep) tells nothing twice.
    await scenario.at(40);
    await wakeDueMonitors(world.server.context);
    expect(await scenario.told()).toHaveLength(7);
    await scenario.delivered();
  });

  it('notify_recovery off: the down only', async () => {
    const scenario = await new Scenario(email('no-recovery'), { notify_recovery: false }).create();
    await scenario.see(1, false);
    await scenario.see(5, true);
    await scenario.at(30);
    expect(await scenario.kinds()).toEqual(['down']);
  });

  it('recovery_channels: the up goes to the email only, the down to every channel', async () => {
    const channels = {
      ...email('subset'),
      webhooks: [{ value: `${world.webhooks.url}/subset`, is_verified: true }],
      telegram_usernames: [{ value: '@subset_ops', is_verified: true }],
    };
    const scenario = await new Scenario(channels, { recovery_channels: ['email'], recovery_after_minutes: 0 }).create();
    await scenario.see(1, false);
    await scenario.see(5, true);
    expect((await scenario.told()).sort()).toEqual(['down email', 'down telegram', 'down webhook', 'up email'].sort());
    await scenario.delivered();
  });

  it('recovery hold: up for 2 minutes then down again tells neither up nor a second down', async () => {
    const scenario = await new Scenario(email('hold'), { recovery_after_minutes: 3 }).create();
    await scenario.see(1, false);
    await scenario.see(5, true);
    await scenario.see(7, false);
    await scenario.at(30);
    expect(await scenario.kinds()).toEqual(['down']);
    await scenario.see(31, true);
    await scenario.at(34);
    expect(await scenario.kinds()).toEqual(['down', 'up']);
  });

  it('a target flipping every 2 minutes for 20 minutes with a 3-minute hold: at most 2 messages per channel, then its state after 20 stable minutes', async () => {
    const channels = {
      ...email('flap'),
      phones: [{ value: '09120000072', is_verified: true }],
      telegram_usernames: [{ value: '@flap_ops', is_verified: true }],
      webhooks: [{ value: `${world.webhooks.url}/flap`, is_verified: true }],
    };
    const scenario = await new Scenario(channels, { recovery_after_minutes: 3 }).create();
    for (let minute = 2; minute <= 22; minute += 2) {
      await scenario.see(minute, (minute / 2) % 2 === 0);
      await scenario.at(minute + 1);
    }
    const told = await scenario.told();
    for (const type of ['email', 'sms', 'telegram', 'webhook']) {
      expect(told.filter((row) => row.endsWith(` ${type}`)).length, type).toBeLessThanOrEqual(2);
    }
    expect(await scenario.kinds()).toEqual(['down', 'flapping']);
    const list = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/monitors/',
      headers: scenario.owner.headers,
    });
    expect(list.json().results[0].is_flapping).toBe(true);
    // The last flip (minute 22) was down; stable from then: at minute 42 one message says so.
    await scenario.at(41);
    expect(await scenario.kinds()).toEqual(['down', 'flapping']);
    await scenario.at(42);
    expect(await scenario.kinds()).toEqual(['down', 'flapping', 'down']);
    expect((await scenario.reasons())[1]).toBe('Changed state 5 times in 20 minutes.');
    // In the owner's zone (Asia/Tehran, the default), as the rest of the message is, not in UTC.
    expect((await scenario.reasons())[2]).toMatch(
      /^Stable for 20 minutes after flapping; down since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Asia\/Tehran\)\.$/,
    );
    await scenario.delivered();
    const sms = world.kavenegar.calls.filter(
      (call) => call.method === 'sms/send' && call.params.receptor === '09120000072',
    );
    expect(sms).toHaveLength(3);
    const calls = world.kavenegar.calls.filter(
      (call) => call.method === 'call/maketts' && call.params.receptor === '09120000072',
    );
    expect(calls.length).toBeLessThanOrEqual(2);
    const detail = await world.server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${scenario.monitorId}/`,
      headers: scenario.owner.headers,
    });
    expect(detail.json().is_flapping).toBe(false);
  });

  it('a paused monitor tells nothing more: no reminder, no delayed down', async () => {
    const scenario = await new Scenario(email('paused'), {
      alert_after: { count: 10, unit: 'minutes' },
      remind_every_minutes: 5,
    }).create();
    await scenario.see(1, false);
    const paused = await world.server.app.inject({
      method: 'PUT',
      url: `/api/v1/monitors/${scenario.monitorId}/`,
      headers: scenario.owner.headers,
      payload: {
        period: 60,
        apdex: 0.5,
        probers: Object.values(world.probers).map((prober) => prober.id),
        is_enabled: false,
      },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    await scenario.at(12);
    await scenario.at(30);
    expect(await scenario.told()).toEqual([]);
  });
});

describe('races', () => {
  it('a transition waits while another dispatcher holds an older one of its monitor, then both are told in order', async () => {
    const scenario = await new Scenario(email('order'), { recovery_after_minutes: 0 }).create();
    const db = world.server.context.db;
    const downtime = await db.execute<{ id: number }>(sql`
      INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
      VALUES (${scenario.monitorId}, ${new Date(scenario.time(1)).toISOString()}::timestamptz,
        ${new Date(scenario.time(2)).toISOString()}::timestamptz, 'recovery') RETURNING id`);
    const downtimeId = downtime.rows[0]?.id as number;
    const inserted = await db.execute<{ id: number }>(sql`
      INSERT INTO monitor_events (monitor_id, kind, at, downtime_id) VALUES
        (${scenario.monitorId}, 'down', ${new Date(scenario.time(1)).toISOString()}::timestamptz, ${downtimeId}),
        (${scenario.monitorId}, 'up', ${new Date(scenario.time(2)).toISOString()}::timestamptz, ${downtimeId})
      RETURNING id`);
    const [downId] = inserted.rows.map((row) => row.id);
    world.server.clock.offsetMs = scenario.time(3) - Date.now();
    // Hold the down as another dispatcher would, while this one runs.
    let release = () => {};
    const held = world.server.context.runInTransaction(async (transaction) => {
      await transaction.db.execute(sql`SELECT id FROM monitor_events WHERE id = ${downId} FOR UPDATE`);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await dispatchPendingEvents(world.server.context);
    const upState = await db.execute<{ processed: boolean }>(sql`
      SELECT processed_at IS NOT NULL AS processed FROM monitor_events
      WHERE monitor_id = ${scenario.monitorId} AND kind = 'up' AND origin = 'ingest'`);
    expect(upState.rows[0]?.processed).toBe(false);
    release();
    await held;
    await dispatchPendingEvents(world.server.context);
    await dispatchPendingEvents(world.server.context);
    expect(await scenario.kinds()).toEqual(['down', 'up']);
  });

  it('two dispatchers and two wakers at once tell each message once', async () => {
    const scenario = await new Scenario(email('racing'), { remind_every_minutes: 5 }).create();
    await scenario.see(1, false);
    world.server.clock.offsetMs = scenario.time(6) - Date.now();
    const context = world.server.context;
    await Promise.all([
      wakeDueMonitors(context),
      wakeDueMonitors(context),
      dispatchPendingEvents(context),
      dispatchPendingEvents(context),
    ]);
    await scenario.at(6);
    expect(await scenario.kinds()).toEqual(['down', 'reminder']);
  });
});
