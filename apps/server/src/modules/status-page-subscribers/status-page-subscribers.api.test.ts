import { HOUR_MS, MINUTE_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, createOldStylePlan, setPlan, uniqueEmail } from '../../../test/factories';
import { checkedMonitor, localProberOf, onceWindow, pageOf } from '../../../test/status-page-world';
import { useTestServer } from '../../../test/use-test-server';
import { editPlan } from '../../admin/plan.commands';
import {
  confirmedSubscriber,
  confirmTokenFor,
  PUBLIC_PAGES,
  postToken,
  SUBSCRIPTIONS,
  settle,
  subscribeTo,
  visitorIp,
} from './status-page-subscribers.test-support';
import { queueSubscriberNotices } from './subscriber-notices';

const server = useTestServer();
let owner: BuiltUser;
let proberId: number;
let monitor: number;

beforeAll(async () => {
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  proberId = await localProberOf(server);
  monitor = await checkedMonitor(server, owner, proberId);
});

const notice = (statusPageId: number, key: string) => ({
  statusPageId,
  key,
  subject: `Incident ${key}`,
  text: `Something happened (${key}).`,
  html: `<p>Something happened (${key}).</p>`,
});
const queue = (statusPageId: number, key: string) =>
  server.context.runInTransaction((transaction) => queueSubscriberNotices(transaction, notice(statusPageId, key)));

describe('subscribing (double opt-in)', () => {
  it('answers the same 202 whatever the address’s state, and mails a confirmation only when one is due', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const email = uniqueEmail('visitor');
    const first = await subscribeTo(server, page.slug, email.toUpperCase());
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().detail).toMatch(/^Check your inbox to confirm/);
    await confirmTokenFor(server, page.slug, email);
    // Waiting, within 10 minutes: the same answer, no second mail.
    const again = await subscribeTo(server, page.slug, email);
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    await settle(1_000);
    expect(server.inbox.countTo(email, /^Confirm your subscription/)).toBe(1);
    // After 10 minutes a new mail; its link works, the first one's no longer does.
    const firstToken = await confirmTokenFor(server, page.slug, email);
    server.clock.offsetMs = 11 * MINUTE_MS;
    expect((await subscribeTo(server, page.slug, email)).statusCode).toBe(202);
    await server.inbox.waitFor(email, /^Confirm your subscription/);
    for (let i = 0; i < 50 && server.inbox.countTo(email, /^Confirm your subscription/) < 2; i += 1) await settle(100);
    expect(server.inbox.countTo(email, /^Confirm your subscription/)).toBe(2);
    const mails = server.inbox.messages.filter((mail) => mail.to.includes(email));
    const latest = mails.at(-1)?.text.match(/confirm=(\S+)/)?.[1] as string;
    expect((await postToken(server, 'confirm', firstToken)).statusCode).toBe(404);
    const confirmed = await postToken(server, 'confirm', decodeURIComponent(latest));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      page_title: 'Acme',
      page_url: `http://dashboard.test/status/${page.slug}`,
      state: 'confirmed',
    });
    // Confirmed: the same answer again, and nothing mailed.
    expect((await subscribeTo(server, page.slug, email)).json()).toEqual(first.json());
    await settle(1_000);
    expect(server.inbox.countTo(email, /^Confirm your subscription/)).toBe(2);
  });

  it('refuses a confirmation link past SUBSCRIPTION_CONFIRM_HOURS with a clear 404', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const email = uniqueEmail('late');
    expect((await subscribeTo(server, page.slug, email)).statusCode).toBe(202);
    const token = await confirmTokenFor(server, page.slug, email);
    server.clock.offsetMs = 49 * HOUR_MS;
    const late = await postToken(server, 'confirm', token);
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toBe('This confirmation link has expired. Subscribe again to get a new one.');
    const unknown = await postToken(server, 'confirm', 'not-a-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toMatch(/^This confirmation link is not valid/);
  });

  it('refuses markup, NUL and over-long addresses naming the field', async () => {
    const page = await pageOf(server, owner, [monitor]);
    for (const email of ['<script>alert(1)</script>@x.test', 'a\u0000b@x.test', `${'a'.repeat(250)}@x.test`, 42]) {
      const response = await server.app.inject({
        method: 'POST',
        url: `${PUBLIC_PAGES}/${page.slug}/subscribers`,
        payload: { email },
        remoteAddress: visitorIp(),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().email).toBeDefined();
    }
    const count = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM status_page_subscribers WHERE page_id = ${page.id}`,
    );
    expect(count.rows[0]?.n).toBe(0);
  });

  it('needs the access token of a protected page, and finds a page by its custom domain', async () => {
    const page = await pageOf(server, owner, [monitor], {
      password: 'page-password-1',
      custom_domain: `status-${Date.now().toString(36)}.example.com`,
    });
    const email = uniqueEmail('protected');
    const refused = await subscribeTo(server, page.slug, email);
    expect(refused.statusCode).toBe(401);
    const unlock = await server.app.inject({
      method: 'POST',
      url: `${PUBLIC_PAGES}/${page.slug}/unlock`,
      payload: { password: 'page-password-1' },
    });
    const { token } = unlock.json() as { token: string };
    const byHost = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/public/status_page/subscribers',
        payload: { email },
        remoteAddress: visitorIp(),
        headers: { host: (page as unknown as { custom_domain: string }).custom_domain, ...headers },
      });
    expect((await byHost({})).statusCode).toBe(401);
    const accepted = await byHost({ 'x-status-page-token': token });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const mail = await server.inbox.waitFor(email, /^Confirm your subscription/);
    expect(mail.text).toContain(
      `https://${(page as unknown as { custom_domain: string }).custom_domain}/subscription?confirm=`,
    );
  });
});

describe('notices to subscribers', () => {
  it('sends one mail per notice per confirmed subscriber — none before confirmation, none after unsubscribe', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const confirmed = uniqueEmail('confirmed');
    const waiting = uniqueEmail('waiting');
    await confirmedSubscriber(server, page.slug, confirmed);
    expect((await subscribeTo(server, page.slug, waiting)).statusCode).toBe(202);

    expect(await queue(page.id, 'first')).toBe(1);
    const mail = await server.inbox.waitFor(confirmed, /^Incident first$/);
    expect(mail.text).toContain('Something happened (first).');
    expect(mail.text).toMatch(
      /You get this mail because you subscribed to Acme\.\nUnsubscribe: http:\/\/dashboard\.test\/status\/.+\/subscription\?unsubscribe=\S+/,
    );
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/api\.test\/api\/v1\/public\/status_page_subscriptions\/unsubscribe\?token=[\w%-]+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // A retry and two concurrent calls of another notice: nothing twice.
    expect(await queue(page.id, 'first')).toBe(0);
    const [a, b] = await Promise.all([queue(page.id, 'second'), queue(page.id, 'second')]);
    expect(a + b).toBe(1);
    await server.inbox.waitFor(confirmed, /^Incident second$/);
    await settle();
    expect(server.inbox.countTo(confirmed, /^Incident first$/)).toBe(1);
    expect(server.inbox.countTo(confirmed, /^Incident second$/)).toBe(1);
    expect(server.inbox.countTo(waiting, /^Incident/)).toBe(0);

    // The link's token, as the web page posts it: unsubscribed, and nothing more is sent.
    const token = decodeURIComponent(mail.text.match(/unsubscribe=(\S+)/)?.[1] as string);
    const gone = await postToken(server, 'unsubscribe', token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ page_title: 'Acme', state: 'unsubscribed' });
    expect((await postToken(server, 'unsubscribe', token)).statusCode).toBe(404);
    expect(await queue(page.id, 'third')).toBe(0);
    await settle();
    expect(server.inbox.countTo(confirmed, /^Incident third$/)).toBe(0);
  });

  it('unsubscribes by RFC 8058 one-click: a form POST to the List-Unsubscribe URL', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const email = uniqueEmail('oneclick');
    await confirmedSubscriber(server, page.slug, email);
    expect(await queue(page.id, 'before')).toBe(1);
    const mail = await server.inbox.waitFor(email, /^Incident before$/);
    const url = new URL((mail.headers['list-unsubscribe'] as string).slice(1, -1));
    // A browser (or a link scanner) opening it is sent to the page's screen; nothing changes.
    const opened = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(303);
    // …and the API document says so, with where it leads.
    const documented = server.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
    };
    const answers = documented.paths[url.pathname]?.get?.responses ?? {};
    expect(answers['303']?.description).toMatch(/Location/);
    expect(opened.headers.location).toBe(
      `http://dashboard.test/status/${page.slug}/subscription?unsubscribe=${url.searchParams.get('token')}`,
    );
    expect(await queue(page.id, 'still')).toBe(1);
    const response = await server.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: visitorIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().state).toBe('unsubscribed');
    expect(await queue(page.id, 'after')).toBe(0);
    const missing = await server.app.inject({
      method: 'POST',
      url: `${SUBSCRIPTIONS}/unsubscribe`,
      payload: {},
      remoteAddress: visitorIp(),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().token).toBeDefined();
  });

  it('tells subscribers of scheduled maintenance once per window and page, in the page’s zone', async () => {
    const covered = await checkedMonitor(server, owner, proberId);
    const page = await pageOf(server, owner, [covered], { time_zone: 'Asia/Tehran' });
    const email = uniqueEmail('maint');
    await confirmedSubscriber(server, page.slug, email);
    const start = Date.UTC(2030, 0, 15, 20, 30);
    const windowId = await onceWindow(server, owner, [covered], start, start + HOUR_MS, 'Disk swap');
    const mail = await server.inbox.waitFor(email, /^Scheduled maintenance: Disk swap$/);
    expect(mail.text).toContain(
      'Scheduled maintenance: Disk swap, 2030/01/16 - 00:00 – 2030/01/16 - 01:00 (Asia/Tehran)\nOn Acme. Affected: Service 0',
    );
    const edited = await callAs(server, owner, 'PUT', `/api/v1/maintenance_windows/${windowId}`, {
      title: 'Disk swap',
      monitors: [covered],
      kind: 'once',
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(start + 2 * HOUR_MS).toISOString(),
    });
    expect(edited.statusCode).toBe(200);
    await settle();
    expect(server.inbox.countTo(email, /^Scheduled maintenance/)).toBe(1);
  });
});

describe('the plan’s subscriber limit', () => {
  it('holds under 12 concurrent subscribes, and a page at the limit refuses a new address clearly', async () => {
    await server.context.db.execute(sql`
      INSERT INTO plans (name, level, default_cost, description, specifications)
      SELECT 'Tiny subscribers', level, default_cost, description,
        specifications || '{"STATUS_PAGE_SUBSCRIBERS": 3}'::jsonb FROM plans WHERE name = 'Free'
      ON CONFLICT (name) DO NOTHING`);
    const small = await buildUser(server);
    await setPlan(server, small.id, 'Tiny subscribers');
    const page = await pageOf(server, small, [await checkedMonitor(server, small, proberId)]);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => subscribeTo(server, page.slug, uniqueEmail(`race${i}`))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 202)).toHaveLength(3);
    expect(codes.filter((code) => code === 403)).toHaveLength(9);
    const refused = answers.find((answer) => answer.statusCode === 403);
    expect(refused?.json().detail).toBe('This status page cannot take more subscribers (its plan allows 3).');
    const count = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM status_page_subscribers WHERE page_id = ${page.id}`,
    );
    expect(count.rows[0]?.n).toBe(3);
    // The owner hears of it once, however many were turned away.
    const told = await server.inbox.waitFor(small.email, /^Your status page Acme is full$/);
    expect(told.text).toContain('has 3 subscribers, as many as your plan allows');
    await settle(1_000);
    expect(server.inbox.countTo(small.email, /is full$/)).toBe(1);
    // Unconfirmed places free up when their link expires.
    server.clock.offsetMs = 49 * HOUR_MS;
    expect((await subscribeTo(server, page.slug, uniqueEmail('later'))).statusCode).toBe(202);
  });

  it('follows edit-plan --status-page-subscribers', async () => {
    await createOldStylePlan(server, 'Subscribers');
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Subscribers');
    const page = await pageOf(server, user, []);
    await editPlan(server.context, 'Subscribers', { 'status-page-subscribers': '1' });
    expect((await subscribeTo(server, page.slug, uniqueEmail('one'))).statusCode).toBe(202);
    expect((await subscribeTo(server, page.slug, uniqueEmail('two'))).statusCode).toBe(403);
    await editPlan(server.context, 'Subscribers', { 'status-page-subscribers': '2' });
    expect((await subscribeTo(server, page.slug, uniqueEmail('two'))).statusCode).toBe(202);
  });
});

describe('the owner’s routes', () => {
  it('lists and removes the page’s subscribers; another user gets 404', async () => {
    const page = await pageOf(server, owner, [monitor]);
    const email = uniqueEmail('listed');
    await confirmedSubscriber(server, page.slug, email);
    const waiting = uniqueEmail('listed-waiting');
    expect((await subscribeTo(server, page.slug, waiting)).statusCode).toBe(202);
    const list = await callAs(server, owner, 'GET', `/api/v1/status_pages/${page.id}/subscribers/`);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { count: number; results: Array<{ id: number; email: string; confirmed: boolean }> };
    expect(body.count).toBe(2);
    expect(body.results.map((row) => [row.email, row.confirmed])).toEqual([
      [waiting, false],
      [email, true],
    ]);
    const stranger = await buildUser(server);
    const id = body.results[1]?.id as number;
    expect((await callAs(server, stranger, 'GET', `/api/v1/status_pages/${page.id}/subscribers/`)).statusCode).toBe(
      404,
    );
    expect(
      (await callAs(server, stranger, 'DELETE', `/api/v1/status_pages/${page.id}/subscribers/${id}/`)).statusCode,
    ).toBe(404);
    const removed = await callAs(server, owner, 'DELETE', `/api/v1/status_pages/${page.id}/subscribers/${id}/`);
    expect(removed.statusCode).toBe(204);
    expect(
      (await callAs(server, owner, 'DELETE', `/api/v1/status_pages/${page.id}/subscribers/${id}/`)).statusCode,
    ).toBe(404);
    expect(await queue(page.id, 'after-removal')).toBe(0);
    // Deleting the page takes its subscribers with it.
    expect((await callAs(server, owner, 'DELETE', `/api/v1/status_pages/${page.id}/`)).statusCode).toBe(200);
    const left = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM status_page_subscribers WHERE page_id = ${page.id}`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
