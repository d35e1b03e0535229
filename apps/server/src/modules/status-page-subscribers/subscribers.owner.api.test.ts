import { HOUR_MS } from '@paydar/domain/time';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { checkedMonitor, localProberOf, pageOf } from '../../../test/status-page-world';
import { useTestServer } from '../../../test/use-test-server';

/** The owner's paged subscriber list: links, bounds, search taken literally, state, totals, another user's 404. */

const server = useTestServer();
let owner: BuiltUser;
let monitor: number;

beforeAll(async () => {
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  monitor = await checkedMonitor(server, owner, await localProberOf(server));
});

type ListBody = {
  count: number;
  next: string | null;
  previous: string | null;
  confirmed_count: number;
  waiting_count: number;
  results: Array<{ id: number; email: string; confirmed: boolean }>;
};

/**
 * Writes subscribers straight into the table (the list is under test, not subscribing): `confirmed`
 * confirmed ones `c<n>@<domain>` and `waiting` ones `w<n>@<domain>`, in that order of ids.
 */
async function seed(pageId: number, domain: string, confirmed: number, waiting: number, sentAt = new Date()) {
  await server.context.db.execute(sql`
    INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at, confirmed_at)
    SELECT ${pageId}, 'c' || g || '@' || ${domain}, now(), now() FROM generate_series(1, ${confirmed}) g`);
  await server.context.db.execute(sql`
    INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at)
    SELECT ${pageId}, 'w' || g || '@' || ${domain}, ${sentAt.toISOString()}::timestamptz
    FROM generate_series(1, ${waiting}) g`);
}

const list = async (pageId: number, query = '', user = owner) => {
  const response = await callAs(server, user, 'GET', `/api/v1/status_pages/${pageId}/subscribers/${query}`);
  return { response, body: response.json() as ListBody };
};

describe('the owner’s subscriber list', () => {
  it('pages with limit and offset, newest first, with links that keep the filters and the page’s totals', async () => {
    const page = await pageOf(server, owner, [monitor]);
    await seed(page.id, 'paged.test', 120, 7);
    const first = await list(page.id);
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(first.body.count).toBe(127);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0]).toMatchObject({ email: 'w7@paged.test', confirmed: false });
    expect(first.body.confirmed_count).toBe(120);
    expect(first.body.waiting_count).toBe(7);
    const base = `http://api.test/api/v1/status_pages/${page.id}/subscribers/`;
    expect(first.body.next).toBe(`${base}?limit=50&offset=50`);
    expect(first.body.previous).toBeNull();

    const last = await list(page.id, '?limit=50&offset=100');
    expect(last.body.results).toHaveLength(27);
    expect(last.body.results.at(-1)?.email).toBe('c1@paged.test');
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe(`${base}?limit=50&offset=50`);
    // The pages together: every subscriber once.
    const middle = await list(page.id, '?limit=50&offset=50');
    const ids = [...first.body.results, ...middle.body.results, ...last.body.results].map((row) => row.id);
    expect(new Set(ids).size).toBe(127);

    const confirmed = await list(page.id, '?state=confirmed&limit=100');
    expect(confirmed.body.count).toBe(120);
    expect(confirmed.body.results.every((row) => row.confirmed)).toBe(true);
    expect(confirmed.body.next).toBe(`${base}?state=confirmed&limit=100&offset=100`);
    // The totals are the page's, whatever the filter.
    expect([confirmed.body.confirmed_count, confirmed.body.waiting_count]).toEqual([120, 7]);
    const waiting = await list(page.id, '?state=waiting');
    expect(waiting.body.results.map((row) => row.email)).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `w${n}@paged.test`));
  });

  it('leaves out addresses whose confirmation link expired, in the rows and the totals', async () => {
    const page = await pageOf(server, owner, [monitor]);
    await seed(page.id, 'expired.test', 2, 3, new Date(Date.now() - 49 * HOUR_MS));
    const { body } = await list(page.id);
    expect(body.count).toBe(2);
    expect([body.confirmed_count, body.waiting_count]).toEqual([2, 0]);
  });

  it('searches addresses as plain text: case-insensitive, % and _ taken literally', async () => {
    const page = await pageOf(server, owner, [monitor]);
    await seed(page.id, 'search.test', 3, 0);
    await server.context.db.execute(sql`
      INSERT INTO status_page_subscribers (page_id, email, confirm_sent_at, confirmed_at) VALUES
        (${page.id}, 'per%cent@odd.test', now(), now()), (${page.id}, 'under_score@odd.test', now(), now()),
        (${page.id}, 'underxscore@odd.test', now(), now())`);
    const find = async (search: string) =>
      (await list(page.id, `?search=${encodeURIComponent(search)}`)).body.results.map((row) => row.email).sort();
    expect(await find('SEARCH.test')).toEqual(['c1@search.test', 'c2@search.test', 'c3@search.test']);
    expect(await find('%')).toEqual(['per%cent@odd.test']);
    expect(await find('under_')).toEqual(['under_score@odd.test']);
    expect(await find('_')).toEqual(['under_score@odd.test']);
    expect(await find('nobody')).toEqual([]);
    const searched = await list(page.id, '?search=c2%40');
    expect(searched.body.count).toBe(1);
    expect([searched.body.confirmed_count, searched.body.waiting_count]).toEqual([6, 0]);
    // An empty search is no filter.
    expect((await list(page.id, '?search=')).body.count).toBe(6);
    // The search stays in the page links.
    const paged = await list(page.id, '?search=search.test&limit=1');
    expect(paged.body.next).toMatch(/\?search=search\.test&limit=1&offset=1$/);
  });

  it('refuses bad paging and filters with 400 naming the field; a huge offset is an empty page', async () => {
    const page = await pageOf(server, owner, [monitor]);
    await seed(page.id, 'bounds.test', 3, 0);
    const field = async (query: string) => {
      const { response } = await list(page.id, query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      return response.body;
    };
    expect(await field('?limit=101')).toContain('limit');
    expect(await field('?limit=0')).toContain('limit');
    expect(await field('?limit=1e400')).toContain('limit');
    expect(await field('?offset=-1')).toContain('offset');
    expect(await field('?offset=99999999999999999999')).toContain('offset');
    expect(await field('?state=banned')).toContain('state');
    expect(await field(`?search=${'a'.repeat(255)}`)).toContain('search');
    expect(await field('?search=a%00b')).toContain('search');
    expect(await field('?search=%3Cscript%3E%01')).toContain('search');
    const far = await list(page.id, '?offset=1000000000');
    expect(far.response.statusCode).toBe(200);
    expect(far.body.results).toEqual([]);
    expect(far.body.count).toBe(3);
    expect(far.body.next).toBeNull();
    // Markup is only text to search for: no match, no error.
    const markup = await list(page.id, `?search=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(markup.response.statusCode).toBe(200);
    expect(markup.body.count).toBe(0);
  });

  it('answers another user 404, whatever the query', async () => {
    const page = await pageOf(server, owner, [monitor]);
    await seed(page.id, 'private.test', 2, 1);
    const stranger = await buildUser(server);
    for (const query of ['', '?limit=1', '?search=private&state=confirmed']) {
      const { response } = await list(page.id, query, stranger);
      expect(response.statusCode, query).toBe(404);
      expect(response.body).not.toContain('private.test');
    }
  });
});
