import { DAY_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { checkedMonitor, localProberOf, pageOf } from '../../../test/status-page-world';
import { queueSubscriberNotices } from './subscriber-notices';
import { drainSubscriberNotices } from './subscriber-notices.drain';
import { pruneNotices } from './subscriber-notices.retention';

/**
 * The retention step against real PostgreSQL, with the server's clock moved past 30 days. No
 * workers (JOBS_ENABLED=false): the test drains when it means to, so a delivery can stay pending.
 */
let server: TestServer;
let owner: BuiltUser;
let monitor: number;

beforeAll(async () => {
  server = await startTestServer({ JOBS_ENABLED: 'false' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  monitor = await checkedMonitor(server, owner, await localProberOf(server));
});
afterAll(() => server.close());
afterEach(() => {
  server.clock.offsetMs = 0;
});

const db = () => server.context.db;
const moveClock = (days: number) => {
  server.clock.offsetMs = days * DAY_MS;
  return server.context.now();
};
const queue = (statusPageId: number, key: string) =>
  server.context.runInTransaction((transaction) =>
    queueSubscriberNotices(transaction, { statusPageId, key, subject: key, text: key, html: `<p>${key}</p>` }),
  );

async function confirmed(pageId: number, email: string): Promise<number> {
  const result = await db().execute<{ id: number }>(sql`
    INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at, confirmed_at)
    VALUES (${pageId}, ${email}, now(), now()) RETURNING id`);
  return result.rows[0]?.id as number;
}

/** The page's deliveries as `key:subscriber:queued|pending`, sorted. */
async function deliveriesOf(pageId: number): Promise<string[]> {
  const result = await db().execute<{ row: string }>(sql`
    SELECT n.key || ':' || d.subscriber_id || ':' || CASE WHEN d.queued_at IS NULL THEN 'pending' ELSE 'queued' END AS row
    FROM status_page_notice_deliveries d JOIN status_page_notices n ON n.id = d.notice_id
    WHERE n.page_id = ${pageId} ORDER BY 1`);
  return result.rows.map((row) => row.row);
}
async function noticesOf(pageId: number): Promise<string[]> {
  const result = await db().execute<{ key: string }>(
    sql`SELECT key FROM status_page_notices WHERE page_id = ${pageId} ORDER BY key`,
  );
  return result.rows.map((row) => row.key);
}

describe('pruning notices after 30 days', () => {
  it('keeps pending deliveries and each subscriber’s newest mail; deletes the rest and notices left empty', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const quiet = await pageOf(server, owner, [monitor]);
    const s1 = await confirmed(page.id, 'one@retention.test');
    const s2 = await confirmed(page.id, 'two@retention.test');
    expect(await queue(page.id, 'a')).toBe(2);
    await drainSubscriberNotices(server.context);
    expect(await queue(page.id, 'b')).toBe(2);
    await drainSubscriberNotices(server.context);
    // s2's mail of `b` still waits for the drain, as a delivery queued a moment ago would.
    await db().execute(sql`
      UPDATE status_page_notice_deliveries d SET queued_at = NULL, unsubscribe_token_hash = NULL
      FROM status_page_notices n WHERE n.id = d.notice_id AND n.page_id = ${page.id} AND n.key = 'b' AND d.subscriber_id = ${s2}`);
    // `c` is queued, not yet fanned out: no delivery rows, its mails still owed.
    expect(await queue(page.id, 'c')).toBe(2);
    // A notice of a page nobody subscribed to: no delivery at all.
    expect(await queue(quiet.id, 'lonely')).toBe(0);
    const before = await deliveriesOf(page.id);

    // 29 days on, nothing is old enough.
    await pruneNotices(db(), moveClock(29));
    expect(await deliveriesOf(page.id)).toEqual(before);
    expect(await noticesOf(quiet.id)).toEqual(['lonely']);

    await pruneNotices(db(), moveClock(31));
    expect(await deliveriesOf(page.id)).toEqual([
      // s1's `a` went: its `b` mail is newer. s2's `a` stays: its `b` is not out yet.
      `a:${s2}:queued`,
      `b:${s1}:queued`,
      `b:${s2}:pending`,
    ]);
    expect(await noticesOf(page.id)).toEqual(['a', 'b', 'c']);
    expect(await noticesOf(quiet.id)).toEqual([]);
    // `a` keeps its key: queued again (a retry, an edit), it mails nobody twice, though s1's row is gone.
    expect(await queue(page.id, 'a')).toBe(0);

    // Once the rest is out (`c` fanned out now, 31 days late), `c` is everyone's newest mail: `a` and `b` go, and their notices, empty, with them.
    await drainSubscriberNotices(server.context);
    await pruneNotices(db(), moveClock(31));
    expect(await deliveriesOf(page.id)).toEqual([`c:${s1}:queued`, `c:${s2}:queued`]);
    expect(await noticesOf(page.id)).toEqual(['c']);
    // The newest mail's unsubscribe link works however long ago it was sent.
    await pruneNotices(db(), moveClock(400));
    expect(await deliveriesOf(page.id)).toEqual([`c:${s1}:queued`, `c:${s2}:queued`]);
  });

  it('deletes a large backlog in bounded statements, never a notice whose mails are still owed', async () => {
    const page = await pageOf(server, owner, [monitor]);
    for (let n = 0; n < 7; n += 1) await confirmed(page.id, `bulk${n}@retention.test`);
    for (const key of ['old-1', 'old-2', 'old-3']) {
      expect(await queue(page.id, key)).toBe(7);
      await drainSubscriberNotices(server.context);
    }
    expect(await queue(page.id, 'pending')).toBe(7);
    // Set back 40 days, as a notice stuck that long (no worker) would be: still owed, so kept.
    await db().execute(
      sql`UPDATE status_page_notices SET created_at = now() - interval '40 days' WHERE page_id = ${page.id} AND key = 'pending'`,
    );
    // Batches of 3: the 14 deliveries of old-1 and old-2 take five statements (one would leave 11).
    const pruned = await pruneNotices(db(), moveClock(31), 3);
    expect(pruned.deliveries).toBeGreaterThanOrEqual(14);
    const left = await deliveriesOf(page.id);
    expect(left.filter((row) => row.startsWith('old-3:'))).toHaveLength(7);
    expect(left).toHaveLength(7);
    expect(await noticesOf(page.id)).toEqual(['old-3', 'pending']);
    expect(await drainSubscriberNotices(server.context)).toBe(7);
    expect((await deliveriesOf(page.id)).filter((row) => row.startsWith('pending:'))).toHaveLength(7);
  });
});
