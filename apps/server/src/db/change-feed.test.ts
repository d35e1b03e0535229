import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { saveMonitorStates } from '../modules/ingest/monitor-state.repository';
import { type ChangeEvent, type ChangeFeed, parseChange, startChangeFeed } from './change-feed';
import { connectDatabase, type DatabaseHandle } from './client';
import { runMigrations } from './migrate';

let database: { url: string; drop(): Promise<void> };
let handle: DatabaseHandle;
let feed: ChangeFeed;
const events: ChangeEvent[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  handle = connectDatabase(database.url);
  await runMigrations(handle.pool);
  feed = await startChangeFeed({ databaseUrl: database.url, pool: handle.pool, logger: pino({ level: 'silent' }) });
  handle.onWrite(() => feed.wrote());
  feed.subscribe((event) => events.push(event));
});
afterAll(async () => {
  await feed.stop();
  await handle.close();
  await database.drop();
});

const idsOf = (event: ChangeEvent | undefined) =>
  event && event !== 'reset' && event.ids !== 'all' ? [...event.ids].sort((x, y) => x - y) : event;

describe('the change feed', () => {
  it("is not current from this process's own write until the write's NOTIFY has arrived", async () => {
    expect(await feed.settled()).toBe(true);
    const [user] = (
      await handle.db.execute<{ id: number }>(
        sql`INSERT INTO users (email, password_hash) VALUES ('feed@example.test', 'x') RETURNING id`,
      )
    ).rows;
    events.length = 0;
    await handle.db.execute(sql`UPDATE users SET is_verified = true WHERE id = ${user?.id}`);
    // The write has answered, its notification cannot be in yet: caches must not answer from memory.
    expect(feed.isCurrent()).toBe(false);
    expect(await feed.settled()).toBe(true);
    // Settled means the write's own change was delivered first.
    expect(events).toEqual([{ kind: 'user', ids: new Set([user?.id]) }]);
  });

  it('stays current across reads, and a write that changes no watched row announces nothing', async () => {
    await feed.settled();
    events.length = 0;
    await handle.db.execute(sql`SELECT count(*) FROM users`);
    expect(feed.isCurrent()).toBe(true);
    await handle.db.execute(sql`UPDATE users SET is_verified = false WHERE false`);
    expect(await feed.settled()).toBe(true);
    expect(events).toEqual([]);
  });

  it('sees writes committed inside a transaction, and a data-modifying WITH ending in SELECT', async () => {
    const client = await handle.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE users SET is_staff = false`);
      await client.query('COMMIT');
      expect(feed.isCurrent()).toBe(false);
      expect(await feed.settled()).toBe(true);
      await client.query(`WITH u AS (UPDATE users SET is_staff = false RETURNING id) SELECT count(*) FROM u`);
      expect(feed.isCurrent()).toBe(false);
    } finally {
      client.release();
    }
    expect(await feed.settled()).toBe(true);
  });

  it('announces one NOTIFY per statement, naming every row it changed', async () => {
    await handle.db.execute(sql`INSERT INTO users (email, password_hash) VALUES ('feed-2@example.test', 'x')`);
    const ids = (await handle.db.execute<{ id: number }>(sql`SELECT id FROM users ORDER BY id`)).rows.map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(2);
    await feed.settled();
    events.length = 0;
    await handle.db.execute(sql`UPDATE users SET is_verified = true`);
    await feed.settled();
    expect(events.map(idsOf)).toEqual([ids]);
  });
});

describe('monitor state announcements', () => {
  let made = 0;
  async function twoMonitorStates() {
    made += 1;
    const [owner] = (
      await handle.db.execute<{ id: number }>(
        sql`INSERT INTO users (email, password_hash) VALUES (${`feed-states-${made}@example.test`}, 'x') RETURNING id`,
      )
    ).rows;
    const ids = (
      await handle.db.execute<{ id: number }>(sql`
        INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token)
        SELECT ${owner?.id}, 'HTTP', 'https://feed.example.test/' || g, 60, 500, ${`feed-state-${made}-`} || g
        FROM generate_series(1, 2) g RETURNING id`)
    ).rows.map((row) => row.id);
    await handle.db.execute(sql`INSERT INTO monitor_states (monitor_id) SELECT unnest(${sql.param(ids)}::int[])
      ON CONFLICT DO NOTHING`);
    return ids.sort((x, y) => x - y);
  }

  it('announces an update of state rows made outside ingest, such as an operator SQL', async () => {
    const ids = await twoMonitorStates();
    await feed.settled();
    events.length = 0;
    await handle.db.execute(
      sql`UPDATE monitor_states SET last_status_code = 200 WHERE monitor_id = ANY(${sql.param(ids)}::int[])`,
    );
    await feed.settled();
    expect(events.flatMap((event) => idsOf(event) as number[]).sort((x, y) => x - y)).toEqual(ids);
  });

  it("announces ingest's rows once for the transaction, its own NOTIFY standing the row trigger aside", async () => {
    const ids = await twoMonitorStates();
    await feed.settled();
    events.length = 0;
    await handle.db.transaction(async (transaction) => {
      await saveMonitorStates(
        transaction as unknown as typeof handle.db,
        ids.map((monitorId) => ({
          monitorId,
          isDown: false,
          stateSince: null,
          firstCheckAt: null,
          lastCheckAt: Date.now(),
          lastStatusCode: 200,
          lastStatus: null,
          proberStates: [],
          roundSince: null,
          roundOpenedAt: null,
        })),
      );
    });
    await feed.settled();
    expect(events.map(idsOf)).toEqual([ids]);
    // One change stamp for the batch too: the per-row stamping trigger stood aside as well.
    const stamps = await handle.db.execute<{ n: number }>(
      sql`SELECT count(DISTINCT change_seq)::int AS n FROM monitor_states WHERE monitor_id = ANY(${sql.param(ids)}::int[])`,
    );
    expect(stamps.rows[0]?.n).toBe(1);
  });
});

describe('a change payload', () => {
  it.each([
    ['user:1,2,2', { kind: 'user', ids: new Set([1, 2]) }],
    ['monitor:*', { kind: 'monitor', ids: 'all' }],
    ['owner:7', { kind: 'owner', ids: new Set([7]) }],
    ['monitor:1,x', { kind: 'monitor', ids: 'all' }],
    ['sync:abc:1', undefined],
    ['nonsense', undefined],
  ])('%s', (payload, expected) => {
    expect(parseChange(payload)).toEqual(expected);
  });
});
