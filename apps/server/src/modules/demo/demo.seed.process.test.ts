import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { waitUntil } from '../../../test/database-recovery';
import { freePort } from '../../../test/free-port';
import { LOADED_WAIT_MS } from '../../../test/loaded-machine';
import { connectClient } from '../../../test/process-world';
import type { ScratchDatabase } from '../../../test/scratch-database';
import { type ServerProcess, startServerProcess } from '../../../test/server-process';
import { DEMO_MONITORS } from './demo.catalogue';

/**
 * The demo's 90 days of history are written behind a server that already answers (they take
 * seconds to half a minute on a first start), in one transaction with the watermark that marks
 * them done: a process killed mid-way leaves none of them, and the next start writes them whole.
 */
const DAY = 86_400_000;

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A fresh database (plans, demo account and history unwritten) with a client of the test's own on it. */
async function freshDatabase(): Promise<{ database: ScratchDatabase; db: pg.Client }> {
  const database = await createTestDatabase();
  const db = await connectClient(database.url);
  cleanups.push(async () => {
    await db.end();
    await database.drop();
  });
  return { database, db };
}

async function startServer(database: ScratchDatabase): Promise<ServerProcess> {
  const server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    DEMO_DATA_ENABLED: 'true',
  });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  });
  return server;
}

/** When the seed ended, by its own account (the watermark row: its start and its length); undefined before. */
async function seedEnd(db: pg.Client): Promise<number | undefined> {
  const { rows } = await db.query<{ seeded_at: Date; seed_ms: number }>('SELECT seeded_at, seed_ms FROM demo_data');
  return rows[0] ? rows[0].seeded_at.getTime() + rows[0].seed_ms : undefined;
}

/** Whether someone holds the demo's lock (the seed, for the whole of its transaction). */
async function demoLockHeld(db: pg.Client): Promise<boolean> {
  // Taken and let go at once when free: the statement is its own transaction.
  const { rows } = await db.query<{ free: boolean }>(
    `SELECT pg_try_advisory_xact_lock(hashtextextended('paydar:demo data', 0)) AS free`,
  );
  return rows[0]?.free === false;
}

async function demoRows(db: pg.Client) {
  const { rows } = await db.query<{ monitors: number; rollups: number; max_checks: number | null; oldest: Date }>(`
    SELECT (SELECT count(*)::int FROM monitors WHERE is_demo) AS monitors, count(*)::int AS rollups,
      max(checks) AS max_checks, min(quarter) AS oldest
    FROM quarter_rollups WHERE monitor_id IN (SELECT id FROM monitors WHERE is_demo)`);
  return rows[0] as { monitors: number; rollups: number; max_checks: number | null; oldest: Date };
}

describe('the demo seed at start-up', () => {
  it('runs behind a server that answers at once: health and the guest login before the history is done', async () => {
    const { database, db } = await freshDatabase();
    const server = await startServer(database);
    const healthyAt = Date.now();
    const login = await fetch(`${server.url}/api/v1/users/login_as_demo`);
    expect(login.status).toBe(200);
    const loggedInAt = Date.now();

    await waitUntil('the demo seeded', async () => (await seedEnd(db)) !== undefined, 2 * LOADED_WAIT_MS);
    const endedAt = (await seedEnd(db)) as number;
    // Before the change the server listened only once the seed had committed.
    expect(healthyAt, server.output()).toBeLessThan(endedAt);
    expect(loggedInAt).toBeLessThan(endedAt);
  });

  it('is stopped by a SIGTERM mid-way: a clean exit at once, none of the history kept', async () => {
    const { database, db } = await freshDatabase();
    const server = await startServer(database);
    await waitUntil('the seed under way', () => demoLockHeld(db), LOADED_WAIT_MS);
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    // Not waited out: the seed gives up at its next day, rolled back (its own log line says so).
    expect(server.output()).toContain('demo seed stopped by the shutdown');
    expect(server.output()).toContain('stopped cleanly');
    expect(await seedEnd(db)).toBeUndefined();
    expect(await demoRows(db)).toMatchObject({ monitors: 0, rollups: 0 });
  });

  it('leaves nothing of a seed killed mid-way, and the next start writes the whole history once', async () => {
    const { database, db } = await freshDatabase();
    const first = await startServer(database);
    await waitUntil('the seed under way', () => demoLockHeld(db), LOADED_WAIT_MS);
    // Some days into it: the history's rows so far exist, uncommitted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await seedEnd(db), 'killed before the seed ends').toBeUndefined();
    first.child.kill('SIGKILL');
    await first.exited;
    // PostgreSQL rolls the dead client's transaction back once it sees the connection gone.
    await waitUntil('the killed seed let go of its lock', async () => !(await demoLockHeld(db)), LOADED_WAIT_MS);
    expect(await seedEnd(db)).toBeUndefined();
    expect(await demoRows(db)).toMatchObject({ monitors: 0, rollups: 0 });

    await startServer(database);
    await waitUntil(
      'the demo seeded on the next start',
      async () => (await seedEnd(db)) !== undefined,
      2 * LOADED_WAIT_MS,
    );
    const history = await demoRows(db);
    expect(history.monitors).toBe(DEMO_MONITORS.length);
    expect(Date.now() - history.oldest.getTime()).toBeGreaterThan(89 * DAY);
    // Written once: a monitor checked every minute has at most 15 checks a quarter hour per prober.
    expect(history.max_checks).toBeLessThanOrEqual(15);
  });
});
