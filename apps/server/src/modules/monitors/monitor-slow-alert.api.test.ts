import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { monitorSlowStates } from '../../db/schema/index';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from './monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const body = (overrides: Record<string, unknown> = {}) => httpMonitorBody(localProberId, overrides);
const create = (user: BuiltUser, body: unknown) => createMonitor(server, user, body);
const request = (user: BuiltUser, method: 'GET' | 'PUT', id: number, body?: unknown) =>
  monitorRequest(server, user, method, id, body);

const apdexRule = { rule: 'apdex', checks: 20, below: 0.7 };
const timeRule = { rule: 'response_time', above_ms: 800, checks: 5 };

describe('the slow_alert field of a monitor', () => {
  it('is off (null) by default, and not slow', async () => {
    const user = await buildUser(server);
    const created = await create(user, body());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ slow_alert: null, slow: null });
  });

  it('is set on create, kept by an edit that leaves it out, changed and removed by one that gives it', async () => {
    const user = await buildUser(server);
    const created = await create(user, body({ slow_alert: apdexRule }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await request(user, 'GET', id)).json().slow_alert).toEqual(apdexRule);

    const kept = await request(user, 'PUT', id, body({ alias: 'renamed' }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().slow_alert).toEqual(apdexRule);

    const changed = await request(user, 'PUT', id, body({ slow_alert: timeRule }));
    expect(changed.json().slow_alert).toEqual(timeRule);
    const removed = await request(user, 'PUT', id, body({ slow_alert: null }));
    expect(removed.json().slow_alert).toBeNull();
  });

  it('a changed rule starts over: the kept slow state is dropped, and the detail no longer says slow', async () => {
    const user = await buildUser(server);
    const id = (await create(user, body({ slow_alert: timeRule }))).json().id as number;
    await server.context.db.insert(monitorSlowStates).values({
      monitorId: id,
      rule: timeRule as never,
      isSlow: true,
      since: new Date('2026-11-26T10:00:00Z'),
      reason: 'Response time above 800 ms for 5 checks in a row (last 1,240 ms).',
    });
    const slow = (await request(user, 'GET', id)).json();
    expect(slow.slow).toEqual({
      since: '2026-11-26T10:00:00.000Z',
      reason: 'Response time above 800 ms for 5 checks in a row (last 1,240 ms).',
    });
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: user.headers })).json();
    expect(list.results[0]).toMatchObject({ id, is_slow: true });

    // The same rule again keeps the state; another drops it.
    await request(user, 'PUT', id, body({ slow_alert: timeRule }));
    expect((await request(user, 'GET', id)).json().slow).not.toBeNull();
    await request(user, 'PUT', id, body({ slow_alert: { ...timeRule, checks: 6 } }));
    expect((await request(user, 'GET', id)).json().slow).toBeNull();
    const after = (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: user.headers })).json();
    expect(after.results[0].is_slow).toBeUndefined();
  });

  it.each([
    [{ rule: 'apdex', checks: 4, below: 0.7 }, 'slow_alert.checks'],
    [{ rule: 'apdex', checks: 101, below: 0.7 }, 'slow_alert.checks'],
    [{ rule: 'apdex', checks: 20, below: 1 }, 'slow_alert.below'],
    [{ rule: 'apdex', checks: 20, below: 0.01 }, 'slow_alert.below'],
    [{ rule: 'apdex', checks: 20.5, below: 0.7 }, 'slow_alert.checks'],
    [{ rule: 'response_time', above_ms: 49, checks: 5 }, 'slow_alert.above_ms'],
    [{ rule: 'response_time', above_ms: 1e308, checks: 5 }, 'slow_alert.above_ms'],
    [{ rule: 'response_time', above_ms: 800, checks: 0 }, 'slow_alert.checks'],
    [{ rule: 'response_time', above_ms: '800\u0000', checks: 5 }, 'slow_alert.above_ms'],
    [{ rule: 'response_time', above_ms: 800 }, 'slow_alert.checks'],
    [{ rule: '<b>fast</b>', checks: 5 }, 'slow_alert.rule'],
    [{ rule: 'apdex', checks: 20, below: 0.7, extra: 1 }, 'slow_alert.extra'],
    ['apdex', 'slow_alert'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (rule, field) => {
    const user = await buildUser(server);
    const created = await create(user, body({ slow_alert: rule }));
    expect(created.statusCode, created.body).toBe(400);
    expect(Object.keys(created.json()), created.body).toContain(field);
    const id = (await create(user, body())).json().id as number;
    const edited = await request(user, 'PUT', id, body({ slow_alert: rule }));
    expect(edited.statusCode).toBe(400);
    expect((await request(user, 'GET', id)).json().slow_alert).toBeNull();
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: user.headers })).json();
    expect(list.results).toHaveLength(1);
  });

  it('another user can neither read nor set it (404)', async () => {
    const owner = await buildUser(server);
    const stranger = await buildUser(server);
    const id = (await create(owner, body({ slow_alert: apdexRule }))).json().id as number;
    expect((await request(stranger, 'GET', id)).statusCode).toBe(404);
    const edit = await request(stranger, 'PUT', id, body({ slow_alert: null }));
    expect(edit.statusCode).toBe(404);
    expect((await request(owner, 'GET', id)).json().slow_alert).toEqual(apdexRule);
  });
});
