import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from './monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const ASSERTIONS = [
  { type: 'keyword', mode: 'absent', value: 'Error', case_sensitive: true },
  { type: 'json', path: 'data.items[0].status', operator: 'equals', value: 'ok' },
  { type: 'header', name: 'Content-Type', value: 'application/json' },
];

const patch = (user: BuiltUser, id: number, body: unknown) =>
  server.app.inject({
    method: 'PATCH',
    url: `/api/v1/monitors/${id}/`,
    headers: user.headers,
    payload: body as object,
  });

async function created(user: BuiltUser, overrides: Record<string, unknown> = {}) {
  const response = await createMonitor(server, user, httpMonitorBody(localProberId, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number } & Record<string, unknown>;
}

describe('HTTP assertions through /api/v1/monitors/', () => {
  it('keeps the defaults on a monitor that sends none: today’s behaviour', async () => {
    const monitor = await created(await buildUser(server));
    expect(monitor).toMatchObject({
      http_accepted_statuses: '200-399',
      http_assertions: [],
      http_follow_redirects: true,
      timeout: null,
    });
  });

  it('round-trips create, PUT and PATCH, writing the status codes the one way', async () => {
    const user = await buildUser(server);
    const monitor = await created(user, {
      http_accepted_statuses: '200-299,301',
      http_assertions: ASSERTIONS,
      http_follow_redirects: false,
      timeout: 20,
    });
    expect(monitor).toMatchObject({
      http_accepted_statuses: '200-299, 301',
      http_assertions: ASSERTIONS,
      http_follow_redirects: false,
      timeout: 20,
    });
    expect((await monitorRequest(server, user, 'GET', monitor.id)).json()).toEqual(monitor);

    const put = await monitorRequest(
      server,
      user,
      'PUT',
      monitor.id,
      httpMonitorBody(localProberId, { http_assertions: [ASSERTIONS[0]], timeout: null }),
    );
    expect(put.statusCode, put.body).toBe(200);
    // PUT is the whole monitor: what it leaves out returns to the defaults.
    expect(put.json()).toMatchObject({
      http_accepted_statuses: '200-399',
      http_assertions: [ASSERTIONS[0]],
      http_follow_redirects: true,
      timeout: null,
    });

    const patched = await patch(user, monitor.id, { timeout: 5, http_assertions: [] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({
      ...put.json(),
      timeout: 5,
      http_assertions: [],
      terminal_command: expect.stringContaining('--max-time 5 '),
    });
  });

  it('refuses a timeout above the period, naming timeout, on create and when a PATCH shortens the period', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Gold');
    const tooLong = await createMonitor(server, user, httpMonitorBody(localProberId, { period: 15, timeout: 20 }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ timeout: ['The timeout must be at most the period (15 seconds).'] });

    const monitor = await created(user, { period: 60, timeout: 30 });
    const shorter = await patch(user, monitor.id, { period: 15 });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json()).toMatchObject({ timeout: ['The timeout must be at most the period (15 seconds).'] });
    expect((await monitorRequest(server, user, 'GET', monitor.id)).json()).toMatchObject({ period: 60, timeout: 30 });
  });

  it.each([
    [{ http_accepted_statuses: '299-200' }, 'http_accepted_statuses', 'The range 299-200 ends before it starts.'],
    [{ http_accepted_statuses: '2000000000000' }, 'http_accepted_statuses', expect.stringContaining('not a status')],
    [{ timeout: 1e300 }, 'timeout', 'Enter whole seconds from 1 to 30.'],
    [
      { http_assertions: [{ type: 'keyword', mode: 'present', value: 'a\u0000' }] },
      'http_assertions.0.value',
      'Must not contain NUL characters.',
    ],
    [
      { http_assertions: Array.from({ length: 11 }, () => ASSERTIONS[0]) },
      'http_assertions',
      'A monitor has at most 10 assertions.',
    ],
    [
      { http_assertions: [{ type: 'json', path: '$..x', operator: 'exists' }] },
      'http_assertions.0.path',
      'Write the path as names and indexes, like data.items[0].status.',
    ],
    [
      { http_assertions: [{ type: 'header', name: 'X', value: '<b>'.repeat(100) }] },
      'http_assertions.0.value',
      'Write at most 256 characters.',
    ],
  ])('refuses %j with the field named, on POST and PATCH', async (body, field, message) => {
    const user = await buildUser(server);
    const onCreate = await createMonitor(server, user, httpMonitorBody(localProberId, body));
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toMatchObject({ code: 'VALIDATION_FAILED', [field]: [message] });
    const monitor = await created(user);
    const onPatch = await patch(user, monitor.id, body);
    expect(onPatch.statusCode).toBe(400);
    expect(onPatch.json()).toMatchObject({ code: 'VALIDATION_FAILED', [field]: [message] });
  });

  it('refuses another user: their monitor’s assertions cannot be read, replaced or patched', async () => {
    const owner = await buildUser(server);
    const other = await buildUser(server);
    const monitor = await created(owner, { http_assertions: ASSERTIONS });
    expect((await monitorRequest(server, other, 'GET', monitor.id)).statusCode).toBe(404);
    const put = await monitorRequest(server, other, 'PUT', monitor.id, httpMonitorBody(localProberId));
    expect(put.statusCode).toBe(404);
    expect((await patch(other, monitor.id, { http_assertions: [] })).statusCode).toBe(404);
    expect((await monitorRequest(server, owner, 'GET', monitor.id)).json().http_assertions).toEqual(ASSERTIONS);
  });

  it('stores no assertions on a monitor that is not HTTP', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Gold');
    const monitor = await created(user, {
      protocol_type: 'TCP',
      url: null,
      host: '93.184.216.34:443',
      http_assertions: [ASSERTIONS[0]],
      http_accepted_statuses: '200',
      timeout: 10,
    });
    expect(monitor).toMatchObject({ http_assertions: [], http_accepted_statuses: '200-399', timeout: 10 });
  });
});
