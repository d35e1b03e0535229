import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitUntil } from '../../../test/database-recovery';
import { startTestServer, type TestServer } from '../../../test/harness';
import { connectClient } from '../../../test/process-world';
import type { BuiltinProber } from './builtin-prober';
import { type BuiltinProberLeadership, leadBuiltinProber } from './builtin-prober-leader';

/** Two replicas' leadership on one database, each with a stand-in prober that counts its runs. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

// Whatever a failed test left running is stopped before the next one.
const running: BuiltinProberLeadership[] = [];
afterEach(async () => {
  for (const leadership of running.splice(0)) await leadership.stop();
});

const logger = pino({ level: 'silent' });
const timings = { lockRetryMs: 100, reclaimMs: 50 };
let nextProberId = 1_000;

function replica(proberId: number) {
  const runs = { started: 0, stopped: 0 };
  const start = async (): Promise<BuiltinProber> => {
    runs.started += 1;
    return {
      stop: async () => {
        runs.stopped += 1;
      },
      stats: () => ({}) as ReturnType<BuiltinProber['stats']>,
    };
  };
  const leadership: BuiltinProberLeadership = leadBuiltinProber(server.context, proberId, logger, start, timings);
  running.push(leadership);
  return { runs, leadership };
}

/** Ends the database session holding the prober's lock, as a restart of PostgreSQL would. */
const cutLockConnection = (proberId: number) =>
  server.context.db.execute(sql`
    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE application_name = ${`paydar:builtin-prober:${proberId}`} AND datname = current_database()`);

describe('who runs the built-in prober', () => {
  it('one replica of two; the other takes over when it stops', async () => {
    const proberId = nextProberId++;
    const a = replica(proberId);
    await waitUntil('A runs it', async () => a.leadership.isRunning(), 5_000);
    const b = replica(proberId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(b.leadership.isRunning()).toBe(false);
    expect(b.runs.started).toBe(0);

    await a.leadership.stop();
    expect(a.runs).toEqual({ started: 1, stopped: 1 });
    await waitUntil('B takes over', async () => b.leadership.isRunning(), 5_000);
    await b.leadership.stop();
    expect(b.runs).toEqual({ started: 1, stopped: 1 });
  });

  it('keeps running through its own connection being cut, and gets the lock back', async () => {
    const proberId = nextProberId++;
    const a = replica(proberId);
    await waitUntil('A runs it', async () => a.leadership.isRunning(), 5_000);
    await cutLockConnection(proberId);
    await waitUntil('A holds the lock again', async () => (await holders(proberId)) === 1, 5_000);
    expect(a.runs).toEqual({ started: 1, stopped: 0 });
    await a.leadership.stop();
  });

  it('stops its prober when another replica took the lock while its connection was gone', async () => {
    const proberId = nextProberId++;
    const a = replica(proberId);
    await waitUntil('A runs it', async () => a.leadership.isRunning(), 5_000);
    // The other replica is a bare connection: it takes the lock while A cannot connect.
    const other = await connectClient(server.config.DATABASE_URL as string);
    const admin = await connectClient(inject('postgresServerUrl'));
    const database = new URL(server.config.DATABASE_URL as string).pathname.slice(1);
    const lockName = `paydar:builtin-prober:${proberId}`;
    try {
      await admin.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS false`);
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2',
        [lockName, database],
      );
      await waitUntil(
        'the other replica holds the lock',
        async () =>
          (await other.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [lockName])).rows[0]
            ?.locked === true,
        5_000,
      );
    } finally {
      await admin.query(`ALTER DATABASE "${database}" WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await waitUntil('A has stopped its prober', async () => !a.leadership.isRunning(), 5_000);
    expect(a.runs).toEqual({ started: 1, stopped: 1 });

    // The other replica goes away: A takes over again.
    await other.end();
    await waitUntil('A runs it again', async () => a.leadership.isRunning(), 5_000);
    expect(a.runs.started).toBe(2);
    await a.leadership.stop();
  });
});

async function holders(proberId: number): Promise<number> {
  const result = await server.context.db.execute<{ count: string }>(sql`
    SELECT count(*) AS count FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = ${`paydar:builtin-prober:${proberId}`}
      AND a.datname = current_database()`);
  return Number(result.rows[0]?.count);
}
