import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { generateSecret, hashSecret } from '../src/modules/accounts/secrets';
import { listenLoopback } from './fakes/http-fake';

/**
 * What tests of real server processes share: a database client of their own, users and probers
 * made straight in the database, monitors made through a process's API, and a loopback target
 * that counts the checks it receives.
 */

export interface CheckedTarget {
  url: string;
  /** When each request arrived, per path (ms since the epoch). */
  hits(path: string): number[];
  /** Answers every request with this status from now on (200 at first). */
  answer(status: number): void;
  stop(): Promise<void>;
}

/** An HTTP target on loopback; a monitor's URL is `${url}/<its own path>` so counts stay apart. */
export async function startCheckedTarget(): Promise<CheckedTarget> {
  const seen = new Map<string, number[]>();
  let status = 200;
  const listening = await listenLoopback((request, response) => {
    const path = request.url ?? '/';
    seen.set(path, [...(seen.get(path) ?? []), Date.now()]);
    response.writeHead(status).end('checked');
  });
  return {
    url: listening.url,
    hits: (path) => seen.get(path) ?? [],
    answer(next) {
      status = next;
    },
    stop: listening.stop,
  };
}

/** One client on the test's database; `pg` re-connects nothing, so tests that break connections reopen it. */
export async function connectClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** A verified user on the Enterprise plan (5 s periods) with an open session; the key for `Authorization: Token`. */
export async function insertApiUser(db: pg.Client, options: { alertChannels?: object } = {}) {
  const key = generateSecret();
  const email = `process-${randomBytes(4).toString('hex')}@example.test`;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, is_verified, alert_channels)
     VALUES ($1, 'not a hash: this user signs in by its session key', true, $2::jsonb) RETURNING id`,
    [email, JSON.stringify({ emails: [], phones: [], telegram_usernames: [], webhooks: [], ...options.alertChannels })],
  );
  const userId = rows[0]?.id as number;
  await db.query(
    `INSERT INTO subscriptions (user_id, plan_id, is_active, period, expire_time)
     SELECT $1, id, true, 'Monthly', now() + interval '30 days' FROM plans WHERE name = 'Enterprise'`,
    [userId],
  );
  await db.query('INSERT INTO sessions (user_id, key_hash) VALUES ($1, $2)', [userId, hashSecret(key)]);
  return { id: userId, email, headers: { authorization: `Token ${key}`, 'content-type': 'application/json' } };
}

/** A standalone prober (no process behind it): its id and key, for the agent API. */
export async function insertRemoteProber(db: pg.Client, name: string): Promise<{ id: number; key: string }> {
  const key = generateSecret();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO probers (name, country_code, datacenter, key_hash) VALUES ($1, 'DE', 'Remote', $2) RETURNING id`,
    [name, hashSecret(key)],
  );
  return { id: rows[0]?.id as number, key };
}

export async function proberIdNamed(db: pg.Client, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM probers WHERE name = $1', [name]);
  if (!rows[0]) throw new Error(`no prober named ${name}`);
  return rows[0].id;
}

/** POST /api/v1/monitors/ through a server process; the monitor's id. */
export async function createMonitorThrough(
  serverUrl: string,
  user: { headers: Record<string, string> },
  monitor: { url: string; probers: number[]; period?: number; alert?: object[]; alert_rules?: object },
): Promise<number> {
  const response = await fetch(`${serverUrl}/api/v1/monitors/`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify({ protocol_type: 'HTTP', period: 5, apdex: 1, alert: [], ...monitor }),
  });
  const body = (await response.json()) as { id?: number };
  if (response.status !== 201 && response.status !== 200)
    throw new Error(`monitor not created: ${JSON.stringify(body)}`);
  return body.id as number;
}

/** Probe records stored for the monitor, by prober. */
export async function storedRecords(
  db: pg.Client,
  monitorId: number,
): Promise<Array<{ prober_id: number; time: Date }>> {
  const { rows } = await db.query<{ prober_id: number; time: Date }>(
    'SELECT prober_id, time FROM probe_records WHERE monitor_id = $1 ORDER BY time',
    [monitorId],
  );
  return rows;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** GET /healthz's status, 0 when the process does not answer. */
export const healthStatus = (serverUrl: string) =>
  fetch(`${serverUrl}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status,
    () => 0,
  );
