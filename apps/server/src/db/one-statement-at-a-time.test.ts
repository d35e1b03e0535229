import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { oneStatementAtATime } from './one-statement-at-a-time';
import { transactionRunner } from './transaction';

let database: { url: string; drop(): Promise<void> };
let pool: pg.Pool;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

/** Counts how many statements the real client holds unanswered at once, until `restore()`. */
function countInFlight(client: pg.PoolClient) {
  const original = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const seen = { now: 0, most: 0, restore: () => void Reflect.deleteProperty(client, 'query') };
  (client as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args) => {
    seen.now += 1;
    seen.most = Math.max(seen.most, seen.now);
    return original(...args).finally(() => {
      seen.now -= 1;
    });
  };
  return seen;
}

describe('a client that sends one statement at a time', () => {
  it('answers statements asked for side by side, each its own, in order, never two at once on the connection', async () => {
    const pooled = await pool.connect();
    const seen = countInFlight(pooled);
    try {
      const client = oneStatementAtATime(pooled);
      const order: number[] = [];
      const answers = await Promise.all(
        [3, 1, 2].map((n) =>
          client.query<{ n: number }>('SELECT $1::int AS n, pg_sleep($2)', [n, n / 100]).then((result) => {
            order.push(n);
            return result.rows[0]?.n;
          }),
        ),
      );
      expect(answers).toEqual([3, 1, 2]);
      expect(order).toEqual([3, 1, 2]);
      expect(seen.most).toBe(1);
    } finally {
      seen.restore();
      pooled.release();
    }
  });

  it('gives a failing statement its error and still runs the ones after it', async () => {
    const pooled = await pool.connect();
    try {
      const client = oneStatementAtATime(pooled);
      const [failed, after] = await Promise.allSettled([
        client.query('SELECT 1 / 0'),
        client.query<{ ok: number }>('SELECT 1 AS ok'),
      ]);
      expect(failed.status).toBe('rejected');
      expect(String((failed as PromiseRejectedResult).reason)).toContain('division by zero');
      expect(after.status === 'fulfilled' && after.value.rows[0]?.ok).toBe(1);
    } finally {
      pooled.release();
    }
  });
});

describe('a transaction whose work reads side by side', () => {
  it('commits what it wrote with no deprecation warning from pg', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const names = await transactionRunner(pool)(async ({ db, executeSql }) => {
        await executeSql('CREATE TABLE side_by_side (name text)', []);
        await Promise.all(
          ['a', 'b', 'c', 'd'].map((name) => db.execute(sql`INSERT INTO side_by_side VALUES (${name})`)),
        );
        const read = await Promise.all(
          [1, 2, 3].map(() => db.execute(sql`SELECT count(*)::int AS n FROM side_by_side`)),
        );
        return read.map((result) => (result.rows[0] as { n: number }).n);
      });
      expect(names).toEqual([4, 4, 4]);
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM side_by_side');
      expect(rows[0]?.n).toBe(4);
      // Node reports a deprecation on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('rolls back all it wrote when one of the statements side by side fails', async () => {
    const failure = await transactionRunner(pool)(async ({ db }) => {
      await Promise.all([
        db.execute(sql`INSERT INTO side_by_side VALUES ('e')`),
        db.execute(sql`SELECT 1 / 0`),
        db.execute(sql`INSERT INTO side_by_side VALUES ('f')`),
      ]);
    }).catch((error: Error) => error);
    expect(String((failure as Error).cause)).toContain('division by zero');
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM side_by_side');
    expect(rows[0]?.n).toBe(4);
  });
});
