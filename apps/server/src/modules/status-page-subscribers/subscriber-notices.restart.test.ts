import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, setPlan, uniqueEmail } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { checkedMonitor, localProberOf, pageOf } from '../../../test/status-page-world';
import { settle } from './status-page-subscribers.test-support';
import { queueSubscriberNotices } from './subscriber-notices';
import { drainSubscriberNotices } from './subscriber-notices.drain';

/**
 * A process that queued notices and stopped before they went out: the next one sends each once.
 * The first server runs no workers (JOBS_ENABLED=false), as a process stopped at that point would.
 */
let stopped: TestServer;
let next: TestServer | undefined;

beforeAll(async () => {
  stopped = await startTestServer({ JOBS_ENABLED: 'false' });
});
afterAll(async () => {
  await next?.close();
  await stopped.close();
});

describe('subscriber notices across a restart', () => {
  it('delivers a notice queued, and one already turned into a mail job, exactly once after the restart', async () => {
    const owner = await buildUser(stopped);
    await setPlan(stopped, owner.id, 'Enterprise');
    const page = await pageOf(stopped, owner, [await checkedMonitor(stopped, owner, await localProberOf(stopped))]);
    const email = uniqueEmail('restart');
    await stopped.context.db.execute(sql`
      INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at, confirmed_at)
      VALUES (${page.id}, ${email}, now(), now())`);
    const queue = (key: string) =>
      stopped.context.runInTransaction((transaction) =>
        queueSubscriberNotices(transaction, {
          statusPageId: page.id,
          key,
          subject: `Notice ${key}`,
          text: key,
          html: `<p>${key}</p>`,
        }),
      );
    // Stopped after the mail job was queued (drained) but before it was sent…
    expect(await queue('drained')).toBe(1);
    expect(await drainSubscriberNotices(stopped.context)).toBe(1);
    // …and stopped right after the caller committed, before any drain.
    expect(await queue('pending')).toBe(1);
    await settle(1_000);
    expect(stopped.inbox.countTo(email, /^Notice/)).toBe(0);

    next = await startReplica(stopped);
    await stopped.inbox.waitFor(email, /^Notice drained$/);
    await stopped.inbox.waitFor(email, /^Notice pending$/);
    await settle(3_000);
    expect(stopped.inbox.countTo(email, /^Notice drained$/)).toBe(1);
    expect(stopped.inbox.countTo(email, /^Notice pending$/)).toBe(1);
    // A sweep run again finds nothing left to queue.
    expect(await drainSubscriberNotices(next.context)).toBe(0);
  });
});
