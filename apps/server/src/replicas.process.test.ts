import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import { waitUntil } from '../test/database-recovery';
import { SmtpInbox } from '../test/fakes/smtp-inbox';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../test/fakes/webhook-receiver';
import { freePort } from '../test/free-port';
import { LOADED_WAIT_MS } from '../test/loaded-machine';
import {
  type CheckedTarget,
  connectClient,
  createMonitorThrough,
  insertApiUser,
  proberIdNamed,
  sleep,
  startCheckedTarget,
  storedRecords,
} from '../test/process-world';
import { type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * Two real server processes on one external PostgreSQL, both with the built-in prober enabled:
 * the replicas share everything through the database, so every check, alert and job happens once,
 * and of the two one runs the built-in prober — the other takes over when it dies.
 */
let database: { url: string; drop(): Promise<void> };
let db: pg.Client;
let inbox: SmtpInbox;
let webhooks: FakeWebhookReceiver;
let target: CheckedTarget;
let replicas: ServerProcess[] = [];

const RUNS_PROBER = 'this replica runs the built-in prober';
const PERIOD_MS = 5_000;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await connectClient(database.url);
  inbox = new SmtpInbox();
  const smtpUrl = await inbox.start();
  webhooks = await startFakeWebhookReceiver();
  target = await startCheckedTarget();
  const environment = async () => ({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    SMTP_URL: smtpUrl,
    BUILTIN_PROBER_ENABLED: 'true',
    ALLOW_PRIVATE_TARGETS: 'true',
    RATE_LIMITS_ENABLED: 'false',
    ALERT_RETRY_DELAY_SECONDS: '1',
  });
  // Started together, as replicas behind one load balancer are: migrations and seeding race too.
  replicas = await Promise.all([startServerProcess(await environment()), startServerProcess(await environment())]);
});
afterAll(async () => {
  for (const replica of replicas) {
    replica.child.kill('SIGTERM');
    await replica.exited;
  }
  await db.end();
  await Promise.all([inbox.stop(), webhooks.stop(), target.stop()]);
  await database.drop();
});

const runsProber = (replica: ServerProcess) => replica.output().includes(RUNS_PROBER);

/** The time between consecutive entries, ms. */
const gaps = (times: number[]) => times.slice(1).map((time, index) => time - (times[index] ?? 0));

describe('two replicas on one database', () => {
  it('check each slot once, send each alert once and run each job once; the replica without the prober hands monitors to the one with it', async () => {
    await waitUntil('one replica runs the built-in prober', async () => replicas.some(runsProber), LOADED_WAIT_MS);
    const [leader, other] = runsProber(replicas[0] as ServerProcess) ? replicas : [...replicas].reverse();
    if (!leader || !other) throw new Error('two replicas expected');

    // A job: each verification mail is sent once, whichever replica enqueued it and whichever ran it.
    const emails = ['one', 'two', 'three', 'four'].map((name) => `replica-${name}@example.test`);
    for (const [index, email] of emails.entries()) {
      const replica = replicas[index % 2] as ServerProcess;
      const response = await fetch(`${replica.url}/api/v1/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'long enough' }),
      });
      expect(response.status).toBe(200);
    }

    // A monitor created through the replica that does not run the prober: NOTIFY tells the other.
    const webhookUrl = `${webhooks.url}/replicas`;
    const user = await insertApiUser(db, { alertChannels: { webhooks: [{ value: webhookUrl, is_verified: true }] } });
    const builtin = await proberIdNamed(db, 'Local');
    const path = '/replicas';
    const monitorId = await createMonitorThrough(other.url, user, {
      url: `${target.url}${path}`,
      probers: [builtin],
      period: PERIOD_MS / 1000,
      alert: [{ type: 'webhooks', value: webhookUrl }],
      // The recovery told at once (the default holds it 3 minutes: alert rules, issue 14).
      alert_rules: { recovery_after_minutes: 0 },
    });
    await waitUntil('the first check', async () => target.hits(path).length > 0, LOADED_WAIT_MS);
    await sleep(3 * PERIOD_MS);

    // Down: a failure and the confirmation round's re-check; up again the same way.
    target.answer(503);
    await webhooks.waitForRequest((request) => request.path === '/replicas', LOADED_WAIT_MS);
    target.answer(200);
    await waitUntil('the up alert', async () => webhooks.requests.length >= 2, LOADED_WAIT_MS);
    // Time for a duplicate check, alert or mail to show up.
    await sleep(PERIOD_MS + 1_000);

    for (const email of emails) expect(inbox.countTo(email, /Verify your email/), email).toBe(1);
    const alerts = webhooks.requests.filter((request) => request.path === '/replicas');
    expect(alerts.map((request) => JSON.parse(request.body).event)).toEqual(['monitor.down', 'monitor.up']);

    const checks = target.hits(path);
    const records = await storedRecords(db, monitorId);
    expect(records.every((record) => record.prober_id === builtin)).toBe(true);
    // Every check the target saw is stored, once, one per 5 s slot: none was made twice.
    expect(checks.length).toBeGreaterThanOrEqual(6);
    expect(Math.abs(records.length - checks.length)).toBeLessThanOrEqual(1);
    // The first check of a new monitor comes within seconds, the next ones on its 5 s slots; the
    // confirmation rounds of the outage and the recovery add a re-check each, off the slots.
    const times = records.map((record) => new Date(record.time).getTime()).slice(1);
    const onSlot = times.filter((time) => (time - (times[0] as number)) % PERIOD_MS === 0);
    const rechecks = times.length - onSlot.length;
    expect(
      gaps(onSlot).every((gap) => gap === PERIOD_MS),
      `gaps between slot checks: ${gaps(onSlot)}`,
    ).toBe(true);
    expect(rechecks, 're-checks of the two confirmation rounds').toBeLessThanOrEqual(4);
    // A slot checked twice (both replicas running the prober) would show as hits close together
    // beyond what the re-checks explain.
    const closeHits = gaps(checks)
      .slice(1)
      .filter((gap) => gap <= PERIOD_MS / 2).length;
    expect(closeHits, `gaps between checks: ${gaps(checks)}`).toBeLessThanOrEqual(rechecks);
    expect(runsProber(other), 'both replicas ran the built-in prober').toBe(false);
  });

  it('the other replica takes the built-in prober over within seconds when the one running it is killed', async () => {
    const leader = replicas.find(runsProber) as ServerProcess;
    const survivor = replicas.find((replica) => replica !== leader) as ServerProcess;
    leader.child.kill('SIGKILL');
    await leader.exited;
    replicas = [survivor];
    const killedAt = Date.now();

    // The waits leave room for a loaded CI machine (two process tests side by side): how fast the
    // takeover is belongs to a benchmark; this test proves that it happens and checks resume.
    await waitUntil('the survivor runs the built-in prober', async () => runsProber(survivor), LOADED_WAIT_MS);
    const path = '/replicas';
    const checksBefore = target.hits(path).filter((time) => time <= killedAt).length;
    await waitUntil(
      'the survivor checks the monitor',
      async () => target.hits(path).some((time) => time > killedAt),
      // Lock retry (5 s) plus at most one period to the monitor's next slot, and the margin above.
      5_000 + PERIOD_MS + LOADED_WAIT_MS,
    );
    expect(checksBefore).toBeGreaterThan(0);
  });
});
