import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { dispatchPendingEvents } from '../alerts/alert-dispatch.service';
import { drainSubscriberNotices } from '../status-page-subscribers/subscriber-notices.drain';
import { monitorOf, pageOf } from './incidents.test-support';

/**
 * Fans out every notice of the page. The drain the NOTIFY started may hold a notice's row (SKIP
 * LOCKED passes it by), so this drains again until none of the page's notices is still owed.
 */
async function fannedOut(pageId: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await drainSubscriberNotices(server.context);
    const owed = await server.context.db.execute(
      sql`SELECT 1 FROM status_page_notices WHERE page_id = ${pageId} AND fanout_after IS NOT NULL LIMIT 1`,
    );
    if (!owed.rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`notices of page ${pageId} still owed after 5 s`);
}

/**
 * The notices written for a page (the subscribers module's outbox), each with its deliveries: all
 * fanned out first, so each counts the mails it made.
 */
async function noticesOf(pageId: number) {
  await fannedOut(pageId);
  const { rows } = await server.context.db.execute<{
    key: string;
    subject: string;
    text: string;
    deliveries: number;
  }>(sql`
    SELECT n.key, n.subject, n.text, (SELECT count(*)::int FROM status_page_notice_deliveries d WHERE d.notice_id = n.id) AS deliveries
    FROM status_page_notices n WHERE n.page_id = ${pageId} ORDER BY n.id`);
  return rows;
}

/** A subscriber who has confirmed: each notice is one delivery to them. */
async function confirmedSubscriber(pageId: number) {
  await server.context.db.execute(sql`
    INSERT INTO status_page_subscribers (page_id, email, confirmed_at) VALUES (${pageId}, ${`reader-${pageId}@example.com`}, now())`);
}

let server: TestServer;
let owner: BuiltUser;
let proberId: number;

beforeAll(async () => {
  server = await startTestServer({ DASHBOARD_URL: 'https://app.paydar.example' });
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  const output = await addProber(server.context, 'notices-prober', { country: 'DE' });
  proberId = Number(/id (\d+)/.exec(output)?.[1]);
});
afterAll(() => server.close());

describe('subscribers are told of every published update, once', () => {
  it('queues one notice per manual update, keyed by the update', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }], { title: 'Acme' });
    await confirmedSubscriber(page.id);
    const created = await callAs(server, owner, 'POST', `/api/v1/status_pages/${page.id}/incidents/`, {
      title: 'Checkout errors',
      body: 'Looking.',
    });
    const incident = created.json();
    const updated = await callAs(
      server,
      owner,
      'POST',
      `/api/v1/status_pages/${page.id}/incidents/${incident.id}/updates/`,
      {
        state: 'resolved',
        body: 'Fixed.',
      },
    );
    const [second, first] = updated.json().updates;
    const notices = await noticesOf(page.id);
    expect(notices.map(({ key, subject, deliveries }) => ({ key, subject, deliveries }))).toEqual([
      { key: `incident-update:${first.id}`, subject: '[Acme] Checkout errors: Investigating', deliveries: 1 },
      { key: `incident-update:${second.id}`, subject: '[Acme] Checkout errors: Resolved', deliveries: 1 },
    ]);
    expect(notices[1]?.text).toContain(`https://app.paydar.example/status/${page.slug}/incidents/${incident.id}`);
    // A refused write queues nothing.
    await callAs(server, owner, 'POST', `/api/v1/status_pages/${page.id}/incidents/`, {
      title: 'x',
      body: 'y',
      monitors: [2_147_483_647],
    });
    expect(await noticesOf(page.id)).toHaveLength(2);
  });

  it('queues the automatic updates too, once', async () => {
    const shop = await monitorOf(server, owner, proberId);
    const page = await pageOf(server, owner, [{ id: shop, name: 'Shop' }], { title: 'Acme' });
    await confirmedSubscriber(page.id);
    await server.context.db.execute(sql`
      WITH downtime AS (INSERT INTO downtimes (monitor_id, from_time) VALUES (${shop}, now() - interval '5 minutes') RETURNING id)
      INSERT INTO monitor_events (monitor_id, kind, at, downtime_id, origin)
      SELECT ${shop}, 'down', now() - interval '5 minutes', id, 'ingest' FROM downtime`);
    await Promise.all([dispatchPendingEvents(server.context), dispatchPendingEvents(server.context)]);
    const notices = await noticesOf(page.id);
    expect(notices.map(({ subject, deliveries }) => ({ subject, deliveries }))).toEqual([
      { subject: '[Acme] Shop is down: Investigating', deliveries: 1 },
    ]);
  });
});
