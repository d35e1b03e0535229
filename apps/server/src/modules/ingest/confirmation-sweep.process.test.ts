import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkResult } from '../../../test/check-results';
import { createTestDatabase } from '../../../test/database';
import { freePort } from '../../../test/free-port';
import { LOADED_WAIT_MS } from '../../../test/loaded-machine';
import { connectClient, createMonitorThrough, insertApiUser, insertRemoteProber } from '../../../test/process-world';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';

/**
 * A confirmation round open when its server is killed (SIGKILL: no shutdown, its settle timer
 * gone) ends after the restart from its deadline in the database — not when the monitor's next
 * result comes, which for a 300 s monitor is minutes away — and its decision is recorded once.
 */
let database: { url: string; drop(): Promise<void> };
let db: pg.Client;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = await connectClient(database.url);
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await db.end();
  await database.drop();
});

const environment = (port: string) => ({
  PORT: port,
  DATABASE_URL: database.url,
  BUILTIN_PROBER_ENABLED: 'false',
  ALLOW_PRIVATE_TARGETS: 'true',
  LOG_LEVEL: 'warn',
});

async function post(serverUrl: string, key: string, results: unknown[]) {
  const response = await fetch(`${serverUrl}/api/agent/v1/results`, {
    method: 'POST',
    headers: { authorization: `Prober ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ results }),
  });
  expect(await response.json()).toMatchObject({ accepted: results.length });
}

const stateOf = async (monitorId: number) =>
  (
    await db.query<{ is_down: boolean; confirming_since: Date | null }>(
      'SELECT is_down, confirming_since FROM monitor_states WHERE monitor_id = $1',
      [monitorId],
    )
  ).rows[0];

describe('a confirmation round across a server killed while it is open', () => {
  it('settles within seconds of the restart, its decision recorded once', async () => {
    const port = String(await freePort());
    server = await startServerProcess(environment(port));
    const user = await insertApiUser(db);
    const a = await insertRemoteProber(db, 'Sweep-A');
    const b = await insertRemoteProber(db, 'Sweep-B');
    // Nothing listens on the target: only the results posted below move the state.
    const monitorId = await createMonitorThrough(server.url, user, {
      url: `http://127.0.0.1:${await freePort()}/`,
      probers: [a.id, b.id],
      period: 300,
    });
    const now = Date.now();
    await post(server.url, a.key, [checkResult(monitorId, now - 20_000, true)]);
    await post(server.url, b.key, [checkResult(monitorId, now - 20_000, true)]);
    // A fails and answers its own round; B, fresh, is waited for and never answers.
    await post(server.url, a.key, [checkResult(monitorId, now - 1_000, false)]);
    await post(server.url, a.key, [checkResult(monitorId, now - 500, false)]);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(await stateOf(monitorId)).toMatchObject({ is_down: false, confirming_since: expect.any(Date) });

    server = await startServerProcess(environment(port));
    await vi.waitFor(
      async () => expect(await stateOf(monitorId)).toMatchObject({ is_down: true, confirming_since: null }),
      {
        timeout: LOADED_WAIT_MS,
        interval: 200,
      },
    );
    // A second look, past another replica's or timer's chance to decide it again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const events = await db.query("SELECT kind FROM monitor_events WHERE monitor_id = $1 AND origin = 'ingest'", [
      monitorId,
    ]);
    expect(events.rows).toEqual([{ kind: 'down' }]);
    const downtimes = await db.query('SELECT to_time FROM downtimes WHERE monitor_id = $1', [monitorId]);
    expect(downtimes.rows).toEqual([{ to_time: null }]);
  });
});
