import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { freePort } from '../../../test/free-port';
import { LOADED_WAIT_MS } from '../../../test/loaded-machine';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';

/**
 * The real server process and its built-in prober, checking a loopback target every second
 * while the database does not take results (probe_records locked by the test): killed with
 * SIGKILL, or stopped with SIGTERM, it keeps what it could not store on disk under DATA_DIR and
 * delivers it after the restart. Every slot before the kill or the stop is stored.
 */
let database: { url: string; drop(): Promise<void> };
let db: pg.Client;
let target: http.Server;
let dataDir: string;
let server: ServerProcess | undefined;
let monitorId: number;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
  target = http.createServer((_request, response) => response.end('ok'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-builtin-'));
  const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/`;
  // The built-in prober's row made here, so its first poll already finds the monitor.
  const { rows } = await db.query<{ monitor_id: number }>(
    `WITH u AS (INSERT INTO users (email, password_hash, is_verified) VALUES ('builtin@example.test', 'x', true) RETURNING id),
          p AS (INSERT INTO probers (name, country_code, datacenter, key_hash, is_builtin)
                VALUES ('Local', 'IR', 'Local', 'unused', true) RETURNING id),
          m AS (INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
                SELECT id, 'HTTP', $1, 1, 500, 'builtin-restart-token' FROM u RETURNING id)
     INSERT INTO monitor_probers (monitor_id, prober_id) SELECT m.id, p.id FROM m, p RETURNING monitor_id`,
    [targetUrl],
  );
  monitorId = rows[0]?.monitor_id as number;
});
afterAll(async () => {
  await server?.end();
  await db.end();
  await new Promise((resolve) => target.close(resolve));
  await fs.rm(dataDir, { recursive: true, force: true });
  await database.drop();
});

async function start(): Promise<ServerProcess> {
  server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'warn',
  });
  return server;
}

async function storedTimes(): Promise<number[]> {
  const { rows } = await db.query<{ time: Date }>(
    'SELECT time FROM probe_records WHERE monitor_id = $1 ORDER BY time',
    [monitorId],
  );
  return rows.map((row) => new Date(row.time).getTime());
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(200);
  }
}

/** Holds probe_records so no result can be stored, as a database that does not answer would. */
async function stallIngest(): Promise<{ release(): Promise<void> }> {
  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE probe_records IN ACCESS EXCLUSIVE MODE');
  return {
    async release() {
      await holder.query('ROLLBACK');
      await holder.end();
    },
  };
}

/** The slots stored from `from` to `until`, one a second: every gap between them is the period. */
async function expectEverySlot(from: number, until: number, stalledFrom: number) {
  const times = (await storedTimes()).filter((time) => time >= from && time <= until);
  const gaps = times.slice(1).map((time, index) => time - (times[index] as number));
  expect(gaps.filter((gap) => gap !== 1_000)).toEqual([]);
  // Among them the slots checked while nothing could be stored.
  expect(times.filter((time) => time >= stalledFrom).length).toBeGreaterThanOrEqual(3);
}

describe('the built-in prober across crashes and stops', () => {
  it('delivers after a restart the results it could not store before a kill -9', async () => {
    const first = await start();
    await waitFor(async () => (await storedTimes()).length >= 3, LOADED_WAIT_MS, 'the first results');
    const stall = await stallIngest();
    const stalledFrom = Date.now();
    await pause(6_000);
    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.exited;
    await stall.release();

    await start();
    // Slots from before the kill are delivered, and the restarted prober checks again.
    await waitFor(
      async () => (await storedTimes()).some((time) => time > killedAt + 1_000),
      LOADED_WAIT_MS,
      'results after the restart',
    );
    await pause(1_500);
    // The slot being checked at the kill may be lost with the process; all before it are stored.
    await expectEverySlot(0, killedAt - 1_500, stalledFrom);
  });

  it('loses nothing on a graceful stop while the database does not take results', async () => {
    const running = server as ServerProcess;
    const stall = await stallIngest();
    const stalledFrom = Date.now();
    await pause(5_000);
    running.child.kill('SIGTERM');
    const stoppedAt = Date.now();
    // The flush window ends with the results still on disk; the process then waits for its pool.
    await waitFor(
      async () => running.output().includes('stopped with results still buffered'),
      LOADED_WAIT_MS,
      'the stop',
    );
    await stall.release();
    expect(await running.exited).toBe(0);

    await start();
    await waitFor(
      async () => (await storedTimes()).some((time) => time > stoppedAt + 1_000),
      LOADED_WAIT_MS,
      'results after the restart',
    );
    await pause(1_500);
    await expectEverySlot(stalledFrom - 2_000, stoppedAt - 1_000, stalledFrom);
    server?.child.kill('SIGTERM');
    expect(await server?.exited).toBe(0);
    server = undefined;
  });
});
