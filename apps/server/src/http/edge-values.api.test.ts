import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../test/factories';
import { startFakeZarinpal } from '../../test/fakes/zarinpal';
import { startTestServer, type TestServer } from '../../test/harness';
import { probers } from '../db/schema/index';

/** The cases: each gave 500 (PostgreSQL refused NUL, or an integer column overflowed). */

let server: TestServer;
let zarinpal: Awaited<ReturnType<typeof startFakeZarinpal>>;
let user: BuiltUser;
let proberId: number;
let shareToken: string;
beforeAll(async () => {
  zarinpal = await startFakeZarinpal();
  server = await startTestServer({ ZARINPAL_BASE_URL: zarinpal.url, ZARINPAL_MERCHANT_ID: zarinpal.merchantId });
  user = await buildUser(server);
  await setPlan(server, user.id, 'Gold');
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  proberId = local?.id ?? 0;
  const created = await createMonitor({});
  expect(created.statusCode).toBe(201);
  shareToken = created.json().token;
});
afterAll(async () => {
  await server.close();
  await zarinpal.stop();
});

const httpMonitor = { protocol_type: 'HTTP', url: 'http://93.184.216.34/', period: 60, apdex: 0.5 };
function createMonitor(overrides: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: user.headers,
    payload: { ...httpMonitor, probers: [proberId], ...overrides },
  });
}

/** The validation shape every refusal has: the field, the code, and `detail` naming the field. */
function expectRefused(response: { statusCode: number; json: () => Record<string, unknown> }, field: string) {
  const body = response.json();
  expect(response.statusCode, JSON.stringify(body)).toBe(400);
  expect(body, JSON.stringify(body)).toMatchObject({
    code: 'VALIDATION_FAILED',
    [field]: expect.arrayContaining([expect.any(String)]),
  });
  expect(body.detail).toBe(`${field}: ${(body[field] as string[])[0]}`);
}

describe('text with NUL, control characters or lone surrogates', () => {
  it.each([
    ['url', { url: 'http://93.184.216.34/\u0000' }],
    ['alias', { alias: 'a\u0000b' }],
    ['http_body', { http_method: 'POST', http_body: 'x\u0000' }],
    ['http_headers.0.key', { http_headers: [{ key: 'X-A\u0000', value: 'v' }] }],
    ['http_headers.0.value', { http_headers: [{ key: 'X-A', value: 'v\u0000' }] }],
    ['labels.1', { labels: ['fine', 'bell\u0007'] }],
    ['alias', { alias: 'lone \ud800 surrogate' }],
    ['dns_query_name', { protocol_type: 'DNS', url: null, host: '1.1.1.1', dns_query_name: 'a\u0000.example' }],
  ])('a monitor with a bad %s is refused with the field named', async (field, overrides) => {
    expectRefused(await createMonitor(overrides), field);
  });

  it('plan_name of a plan purchase and of a card payment', async () => {
    const buy = await server.app.inject({
      method: 'POST',
      url: '/api/v2/users/subscriptions/buy',
      headers: user.headers,
      payload: { plan_name: 'Gold\u0000', period: 'Monthly' },
    });
    expectRefused(buy, 'plan_name');
    const pay = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/zarinpal/request?goal=buy_plan&plan_name=Gold%00&period=Monthly',
      headers: user.headers,
      payload: { amount: 50_000 },
    });
    expectRefused(pay, 'plan_name');
  });

  it('a share token in the path, on both share routes', async () => {
    expectRefused(
      await server.app.inject({ method: 'GET', url: `/api/v1/monitors/${shareToken}%00/share_info` }),
      'token',
    );
    expectRefused(
      await server.app.inject({ method: 'GET', url: `/api/v1/monitors/symlink/%00${shareToken}/metric` }),
      'id',
    );
  });

  it('a path that is not UTF-8 once decoded', async () => {
    expectRefused(await server.app.inject({ method: 'GET', url: '/api/v1/monitors/%ED%A0%80/share_info' }), 'path');
  });

  it('a key of the body, and routes without a schema', async () => {
    expectRefused(await createMonitor({ 'x\u0000': 1 }), 'x?');
    expectRefused(await server.app.inject({ method: 'GET', url: '/config.json?x=%1b' }), 'x');
  });

  it('keeps tabs and line breaks where text may hold them', async () => {
    const response = await createMonitor({ http_method: 'POST', http_body: '{\n\t"a": 1\r\n}' });
    expect(response.statusCode).toBe(201);
  });
});

describe('numbers past what the columns hold', () => {
  it.each([
    ['probers.0', { probers: [2 ** 31] }],
    ['probers.0', { probers: [{ id: 2 ** 53 + 1 }] }],
    ['id', { id: 2 ** 31 }],
    ['period', { period: 1e308 }],
    ['apdex', { apdex: -(2 ** 31) - 1 }],
  ])('a monitor with %s out of range is refused with the field named', async (field, overrides) => {
    expectRefused(await createMonitor(overrides), field);
  });

  it('a profile id, a charge amount and a path id', async () => {
    const profile = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/users/profile',
      headers: user.headers,
      payload: { id: 2 ** 31 },
    });
    expectRefused(profile, 'id');
    const pay = await server.app.inject({
      method: 'POST',
      url: '/api/v1/users/zarinpal/request?goal=charge',
      headers: user.headers,
      payload: { amount: 1e308 },
    });
    expectRefused(pay, 'amount');
    const monitor = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${2 ** 31}/`,
      headers: user.headers,
    });
    expectRefused(monitor, 'id');
  });

  it('Infinity written as 1e999', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: `{"protocol_type":"HTTP","url":"http://93.184.216.34/","period":1e999,"apdex":0.5,"probers":[${proberId}]}`,
    });
    expectRefused(response, 'period');
  });
});
