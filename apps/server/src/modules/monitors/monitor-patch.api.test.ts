import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { callWithToken, createToken } from '../api-tokens/api-tokens.test-support';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from './monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const patch = (user: BuiltUser, id: number, body: unknown) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/monitors/${id}/`,
    headers: user.headers,
    payload: body as object,
  });

async function monitorOf(user: BuiltUser, overrides: Record<string, unknown> = {}) {
  // Gold allows every field set here (POST with a body, headers, a slow-response rule).
  await setPlan(server, user.id, 'Gold');
  const response = await createMonitor(
    server,
    user,
    httpMonitorBody(localProberId, {
      alias: 'Checkout',
      http_method: 'POST',
      http_headers: [{ key: 'X-Probe', value: 'paydar' }],
      http_body: '{"ping":true}',
      labels: ['shop'],
      slow_alert: { rule: 'response_time', above_ms: 800, checks: 3 },
      ...overrides,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number } & Record<string, unknown>;
}

describe('PATCH /api/v1/monitors/{id}/', () => {
  it('changes only the fields sent and keeps every other one, the defaults PUT would apply included', async () => {
    const user = await buildUser(server);
    const before = await monitorOf(user);
    const response = await patch(user, before.id, { alias: 'Checkout API', period: 60 });
    expect(response.statusCode).toBe(200);
    const after = response.json();
    expect(after).toEqual({ ...before, alias: 'Checkout API', name: 'HTTP:Checkout API', period: 60 });
    expect((await monitorRequest(server, user, 'GET', before.id)).json()).toEqual(after);
  });

  it('pauses and resumes, and clears a field sent as null', async () => {
    const user = await buildUser(server);
    const { id } = await monitorOf(user);
    expect((await patch(user, id, { is_enabled: false })).json()).toMatchObject({
      is_enabled: false,
      alias: 'Checkout',
    });
    const cleared = (await patch(user, id, { is_enabled: true, slow_alert: null, http_body: null })).json();
    expect(cleared).toMatchObject({ is_enabled: true, slow_alert: null, http_body: null, http_method: 'POST' });
  });

  it('refuses a bad value with its field named and changes nothing', async () => {
    const user = await buildUser(server);
    const before = await monitorOf(user);
    for (const [body, field] of [
      [{ period: 7 }, 'period'],
      [{ alias: 'x'.repeat(101) }, 'alias'],
      [{ alias: 'null\u0000byte' }, 'alias'],
      [{ labels: 'shop' }, 'labels'],
      [{ probers: [] }, 'probers'],
      [{ period: 1e300 }, 'period'],
    ] as const) {
      const response = await patch(user, before.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toContain(field);
    }
    expect((await monitorRequest(server, user, 'GET', before.id)).json()).toEqual(before);
  });

  it('refuses an empty patch, and the protocol and address, which no edit changes', async () => {
    const user = await buildUser(server);
    const before = await monitorOf(user);
    expect((await patch(user, before.id, {})).statusCode).toBe(400);
    for (const body of [{ url: 'http://93.184.216.35/' }, { protocol_type: 'TCP' }, { host: 'example.com' }]) {
      const response = await patch(user, before.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(Object.keys(body)[0]);
    }
    expect((await monitorRequest(server, user, 'GET', before.id)).json()).toEqual(before);
  });

  it('keeps both of two concurrent patches of different fields', async () => {
    const user = await buildUser(server);
    const { id } = await monitorOf(user);
    const answers = await Promise.all([patch(user, id, { alias: 'Renamed' }), patch(user, id, { labels: ['a', 'b'] })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await monitorRequest(server, user, 'GET', id)).json()).toMatchObject({
      alias: 'Renamed',
      labels: ['a', 'b'],
    });
  });

  it('answers 404 for another user’s monitor and changes nothing', async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const before = await monitorOf(owner);
    expect((await patch(other, before.id, { alias: 'Mine now' })).statusCode).toBe(404);
    expect((await monitorRequest(server, owner, 'GET', before.id)).json()).toEqual(before);
  });

  it('takes a read-write API token, and refuses a read-only one', async () => {
    const user = await buildUser(server);
    const { id } = await monitorOf(user);
    const writer = await createToken(server, user, { scope: 'read_write' });
    const reader = await createToken(server, user, { scope: 'read' });
    const url = `/api/v1/monitors/${id}/`;
    expect((await callWithToken(server, reader.token, 'PATCH', url, { alias: 'By reader' })).statusCode).toBe(403);
    const written = await callWithToken(server, writer.token, 'PATCH', url, { alias: 'By script' });
    expect(written.statusCode).toBe(200);
    expect(written.json().alias).toBe('By script');
  });
});
