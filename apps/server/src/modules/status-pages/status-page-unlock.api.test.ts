import { MINUTE_MS } from '@paydar/domain/time';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { checkedMonitor, localProberOf, pageOf } from '../../../test/status-page-world';

/**
 * The unlock limit as a visitor meets it: failures per (page, address) remembered from each one,
 * never reset by the clock's quarter hour; a wait that doubles past ten, told truly in Retry-After;
 * the right password forgiving what came before.
 */

let server: TestServer;
let owner: BuiltUser;
let monitor: number;
beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Enterprise');
  monitor = await checkedMonitor(server, owner, await localProberOf(server));
});
afterEach(() => {
  server.clock.offsetMs = 0;
});
afterAll(() => server.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
/** Puts the services' clock at `ms` (it runs on from there by the call's own time only). */
const setNow = (ms: number) => {
  server.clock.offsetMs = ms - Date.now();
};
const quarterAfter = (ms: number) => Math.ceil(ms / (15 * MINUTE_MS)) * 15 * MINUTE_MS;
const lockedPage = () => pageOf(server, owner, [monitor], { password: 'correct horse' });

function unlocker(slug: string, ip: string) {
  return (password: string, at: number) => {
    setNow(at);
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/public/status_pages/${slug}/unlock`,
      payload: { password },
      remoteAddress: ip,
    });
  };
}

/** Ten wrong passwords a second apart from `from`; returns when the last was. */
async function tenWrong(unlock: ReturnType<typeof unlocker>, from: number) {
  for (let i = 0; i < 10; i++) expect((await unlock('wrong horse', from + i * 1000)).statusCode).toBe(400);
  return from + 9000;
}

const retryAfterOf = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().code).toBe('RATE_LIMITED');
  return Number(response.headers['retry-after']);
};

describe('unlocking a password-protected status page', () => {
  it('gets no fresh tries at the quarter hour: the wait runs from the last failure', async () => {
    const page = await lockedPage();
    const unlock = unlocker(page.slug, freshIp());
    const quarter = quarterAfter(Date.now() + 15 * MINUTE_MS);
    const last = await tenWrong(unlock, quarter - 20_000);
    // Five seconds past the quarter: a fixed window would have started over here.
    const after = retryAfterOf(await unlock('wrong horse', quarter + 5_000));
    const expected = (last + MINUTE_MS - (quarter + 5_000)) / 1000;
    expect(after).toBeGreaterThanOrEqual(expected - 2);
    expect(after).toBeLessThanOrEqual(expected + 1);
  });

  it('tells the real wait in Retry-After, then takes the right password, which forgives the failures', async () => {
    const page = await lockedPage();
    const unlock = unlocker(page.slug, freshIp());
    // Just past a quarter hour: a clock-aligned window would hold the right password 15 minutes.
    const start = quarterAfter(Date.now() + 2 * 24 * 60 * MINUTE_MS) + 1_000;
    const last = await tenWrong(unlock, start);
    expect(retryAfterOf(await unlock('correct horse', last + 1_000))).toBeGreaterThanOrEqual(57);
    const waited = retryAfterOf(await unlock('correct horse', last + 30_000));
    expect(waited).toBeGreaterThanOrEqual(28);
    expect(waited).toBeLessThanOrEqual(31);
    // Once the minute told is over, the right password opens the page for the person behind it…
    const right = await unlock('correct horse', last + MINUTE_MS + 1_000);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toHaveProperty('token');
    // …and what came before is forgiven: ten free tries again.
    await tenWrong(unlock, last + 2 * MINUTE_MS);
  });

  it('doubles the wait with each failure past ten, and another address or page is not held', async () => {
    const page = await lockedPage();
    const ip = freshIp();
    const unlock = unlocker(page.slug, ip);
    const start = quarterAfter(Date.now() + 4 * 24 * 60 * MINUTE_MS) + 1_000;
    const tenth = await tenWrong(unlock, start);
    const eleventh = tenth + MINUTE_MS + 1_000;
    expect((await unlock('wrong horse', eleventh)).statusCode).toBe(400);
    const twoMinutes = retryAfterOf(await unlock('wrong horse', eleventh + 1_000));
    expect(twoMinutes).toBeGreaterThanOrEqual(116);
    expect(twoMinutes).toBeLessThanOrEqual(120);
    const twelfth = eleventh + 2 * MINUTE_MS + 1_000;
    expect((await unlock('wrong horse', twelfth)).statusCode).toBe(400);
    expect(retryAfterOf(await unlock('wrong horse', twelfth + 1_000))).toBeGreaterThan((3 * MINUTE_MS) / 1000);

    // Held there, yet the same page from another address, and another page from this one, open.
    const elsewhere = await unlocker(page.slug, freshIp())('correct horse', twelfth + 2_000);
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const other = await lockedPage();
    const otherPage = await unlocker(other.slug, ip)('correct horse', twelfth + 3_000);
    expect(otherPage.statusCode, otherPage.body).toBe(200);
  });
});
