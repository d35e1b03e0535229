import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { eventually } from '../../../test/eventually';
import { type FakeWebhookReceiver, startFakeWebhookReceiver } from '../../../test/fakes/webhook-receiver';
import { freePort } from '../../../test/free-port';
import { LOADED_WAIT_MS } from '../../../test/loaded-machine';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { generateSecret, hashSecret } from '../accounts/secrets';

/**
 * The real server process killed with SIGKILL around an alert: between the transition and its
 * delivery (it is delivered once after the restart), and in the middle of a delivery (it is not
 * sent again, and ends as not sent with the reason).
 */
let database: { url: string; drop(): Promise<void> };
let receiver: FakeWebhookReceiver;
let db: pg.Client;
// Chosen once, so each restart in this file serves on the same port; never a fixed one (parallel runs).
let port: string;

beforeAll(async () => {
  port = String(await freePort());
  database = await createTestDatabase();
  receiver = await startFakeWebhookReceiver();
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await receiver.stop();
  await database.drop();
});

const environment = (jobs: boolean) => ({
  PORT: port,
  DATABASE_URL: database.url,
  BUILTIN_PROBER_ENABLED: 'false',
  ALLOW_PRIVATE_TARGETS: 'true',
  JOBS_ENABLED: String(jobs),
  LOG_LEVEL: 'warn',
});

/** A user with one verified webhook, a monitor alerting it, and three probers (their keys). */
async function seed(name: string, webhookUrl: string) {
  const keys = [generateSecret(), generateSecret(), generateSecret()];
  const channels = {
    emails: [],
    phones: [],
    telegram_usernames: [],
    webhooks: [{ value: webhookUrl, is_verified: true }],
  };
  const { rows } = await db.query<{ id: number }>(
    `WITH u AS (INSERT INTO users (email, password_hash, is_verified, alert_channels)
                VALUES ($1, 'x', true, $2::jsonb) RETURNING id)
     INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, alert)
     SELECT id, 'HTTP', 'http://shop.example.test/', 60, 500, $3, $4::jsonb FROM u RETURNING id`,
    [
      `${name}@example.test`,
      JSON.stringify(channels),
      `${name}-token`,
      JSON.stringify([{ type: 'webhooks', value: webhookUrl }]),
    ],
  );
  const monitorId = rows[0]?.id as number;
  for (const [index, key] of keys.entries()) {
    await db.query(
      `WITH p AS (INSERT INTO probers (name, country_code, datacenter, key_hash) VALUES ($1, 'DE', 'x', $2) RETURNING id)
       INSERT INTO monitor_probers (monitor_id, prober_id) SELECT $3, id FROM p`,
      [`${name}-${index}`, hashSecret(key), monitorId],
    );
  }
  return { monitorId, keys };
}

async function post(server: ServerProcess, key: string, monitorId: number, time: number, success: boolean) {
  const response = await fetch(`${server.url}/api/agent/v1/results`, {
    method: 'POST',
    headers: { authorization: `Prober ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      results: [
        {
          monitor_id: monitorId,
          time: new Date(time).toISOString(),
          success,
          status_code: success ? 200 : 503,
          error: success ? null : 'HTTP 503',
          phases: { resolve: 1, connect: 1, tls: null, response: 1, duration: 3 },
          extra_info: {},
        },
      ],
    }),
  });
  expect(response.status).toBe(200);
}

const eventsOf = async (monitorId: number) =>
  (await db.query("SELECT 1 FROM monitor_events WHERE monitor_id = $1 AND origin = 'ingest'", [monitorId])).rowCount;

/**
 * Two of three probers fail: the confirmation round the first failure opens waits a few seconds
 * for the silent third, then decides down from the two; the down event commits with it.
 */
async function takeDown(server: ServerProcess, seeded: { monitorId: number; keys: string[] }) {
  const start = Date.now() - 5 * 60_000;
  for (const key of seeded.keys) await post(server, key, seeded.monitorId, start, true);
  await post(server, seeded.keys[0] as string, seeded.monitorId, start + 60_000, false);
  await post(server, seeded.keys[1] as string, seeded.monitorId, start + 61_000, false);
  await eventually(async () => expect(await eventsOf(seeded.monitorId)).toBe(1), LOADED_WAIT_MS);
}

async function kill(server: ServerProcess) {
  server.child.kill('SIGKILL');
  await server.exited;
}

const notificationsOf = async (monitorId: number) =>
  (
    await db.query<{ state: string; is_sent: boolean; public_message: string; attempts: number }>(
      'SELECT state, is_sent, public_message, attempts FROM notifications WHERE monitor_id = $1',
      [monitorId],
    )
  ).rows;

describe('a server killed with SIGKILL', () => {
  it('between a transition and its delivery still delivers it, once, after the restart', async () => {
    const path = '/between';
    const seeded = await seed('between', `${receiver.url}${path}`);
    // No workers: the transition and its dispatch job commit, nothing is delivered before the kill.
    let server = await startServerProcess(environment(false));
    await takeDown(server, seeded);
    await kill(server);
    expect(receiver.requests.filter((request) => request.path === path)).toHaveLength(0);

    server = await startServerProcess(environment(true));
    try {
      await eventually(
        async () => expect((await notificationsOf(seeded.monitorId))[0]?.state).toBe('sent'),
        LOADED_WAIT_MS,
      );
      // Time for any duplicate to show up: the sweep at start and the dispatch job both ran.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    expect(receiver.requests.filter((request) => request.path === path)).toHaveLength(1);
    expect(await notificationsOf(seeded.monitorId)).toHaveLength(1);
  });

  it('in the middle of a delivery does not send it again, and ends it as not sent', async () => {
    const path = '/during';
    const seeded = await seed('during', `${receiver.url}${path}`);
    // Held past the kill, however slow the machine: the delivery is cut mid-way.
    receiver.setDelay(10 * LOADED_WAIT_MS);
    let server = await startServerProcess(environment(true));
    await takeDown(server, seeded);
    await receiver.waitForRequest((request) => request.path === path, LOADED_WAIT_MS);
    await eventually(
      async () => expect((await notificationsOf(seeded.monitorId))[0]?.state).toBe('sending'),
      LOADED_WAIT_MS,
    );
    await kill(server);
    receiver.setDelay(0);
    // As if the restart came later than a live send could last: the start-up sweep closes it.
    await db.query(`UPDATE notifications SET claimed_at = claimed_at - interval '10 minutes' WHERE monitor_id = $1`, [
      seeded.monitorId,
    ]);
    server = await startServerProcess(environment(true));
    try {
      await eventually(
        async () => expect((await notificationsOf(seeded.monitorId))[0]?.state).toBe('failed'),
        LOADED_WAIT_MS,
      );
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    const [row] = await notificationsOf(seeded.monitorId);
    expect(row?.is_sent).toBe(false);
    expect(row?.public_message).toMatch(/interrupted/);
    expect(receiver.requests.filter((request) => request.path === path)).toHaveLength(1);
  });
});
