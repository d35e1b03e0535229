import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { freePort } from '../../test/free-port';
import { sleep } from '../../test/process-world';
import { type ServerProcess, startServerProcess } from '../../test/server-process';

/**
 * A server with no monitors must leave its database nearly alone: job pollers, the built-in
 * prober's long poll and maintenance timers together stay near one transaction a second (issue
 * 13 measured ~62/s). A count of committed transactions, not a time, so a loaded machine cannot
 * make it flaky.
 */
let database: { url: string; drop(): Promise<void> };
let server: ServerProcess;
let stats: pg.Client;
const databaseName = () => new URL(database.url).pathname.slice(1);

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess({
    PORT: String(await freePort()),
    DATABASE_URL: database.url,
    BUILTIN_PROBER_ENABLED: 'true',
    RATE_LIMITS_ENABLED: 'false',
  });
  // Statistics are read from another database, so reading them adds nothing to the count.
  const other = new URL(database.url);
  other.pathname = '/postgres';
  stats = new pg.Client({ connectionString: other.toString() });
  await stats.connect();
});
afterAll(async () => {
  await stats?.end();
  server?.child.kill('SIGTERM');
  await server?.exited;
  await database?.drop();
});

async function committedTransactions(): Promise<number> {
  await stats.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await stats.query<{ count: string }>(
    'SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = $1',
    [databaseName()],
  );
  return Number(rows[0]?.count);
}

describe('an idle server', () => {
  it('commits fewer than three transactions a second with no monitors', async () => {
    // Past start-up (queues created, first periodic runs, prober's first poll).
    await sleep(5_000);
    // Autovacuum's ANALYZE of the freshly migrated tables counts in the same statistics: done now.
    const own = new pg.Client({ connectionString: database.url });
    await own.connect();
    await own.query('ANALYZE');
    await own.end();
    // Backends flush their counters late when idle (start-up's arrived ~15 s after it here).
    await sleep(20_000);
    const before = await committedTransactions();
    // Idle work comes in bursts: the minutely cron jobs at each minute's start, the workers' 60 s
    // safety polls (started together, so in step) and pg-boss's 120 s maintenance. A 30 s window
    // read 0.6 or 5.4 a second by whether a burst fell in it (CI saw 5.4 once); two whole
    // minutes, one maintenance period, count each as the server pays it.
    // Counted every 10 s, so a failure says when the transactions came (a burst, or a steady rate).
    const windowSeconds = 120;
    const began = Date.now();
    const counts = [before];
    for (let tenth = 0; tenth < windowSeconds / 10; tenth += 1) {
      await sleep(10_000);
      counts.push(await committedTransactions());
    }
    const after = counts[counts.length - 1] ?? before;
    const perSecond = (after - before) / ((Date.now() - began) / 1000);
    const per10s = counts.slice(1).map((count, i) => count - (counts[i] ?? count));
    expect(perSecond, `per 10 s: ${per10s.join(', ')}\n${server.output().slice(-2000)}`).toBeLessThan(3);
  });
});
