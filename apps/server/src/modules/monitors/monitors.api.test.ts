import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { monitors, probers } from '../../db/schema/index';
import { PROTECTED_DELETE_TEXT, PROTECTED_TOGGLE_TEXT } from './monitors.service';
import { createMonitor, httpMonitorBody, monitorRequest, startMonitorApi } from './monitors.test-support';

let server: TestServer;
let localProberId: number;
beforeAll(async () => {
  ({ server, localProberId } = await startMonitorApi());
});
afterAll(() => server.close());

const httpMonitor = (overrides: Record<string, unknown> = {}) => httpMonitorBody(localProberId, overrides);

const create = (user: BuiltUser, body: unknown) => createMonitor(server, user, body);
const request = (user: BuiltUser, method: 'GET' | 'PUT' | 'DELETE', id: number, body?: unknown) =>
  monitorRequest(server, user, method, id, body);
const assignmentVersion = async () =>
  (await server.context.db.select().from(probers).where(eq(probers.id, localProberId)))[0]?.assignmentVersion ?? 0;

describe('creating monitors', () => {
  it('adds http://, applies the defaults and answers the whole monitor', async () => {
    const user = await buildUser(server);
    const response = await create(user, httpMonitor());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/health',
      host: null,
      http_method: 'GET',
      is_enabled: true,
      is_protected: false,
      name: 'http://93.184.216.34/health',
      probers: [{ id: localProberId, name: 'Local' }],
      period: 300,
      apdex: 0.5,
      last_status_code: null,
    });
    expect(body.token).toMatch(/^[\w-]{36}$/);
    expect(body.terminal_command).toContain('curl');
    expect(body.terminal_command).toContain("'http://93.184.216.34/health'");
  });

  it('lists newest first, and names a monitor with an alias protocol:alias', async () => {
    const user = await buildUser(server);
    const first = (await create(user, httpMonitor({ alias: 'First' }))).json();
    await create(user, httpMonitor({ alias: 'Second' }));
    const list = (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: user.headers })).json();
    expect(list.results.map((monitor: { alias: string }) => monitor.alias)).toEqual(['Second', 'First']);
    expect(first.name).toBe('HTTP:First');
  });

  it('adds :80 to a TCP target without a port', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Gold');
    const response = await create(user, {
      ...httpMonitor(),
      protocol_type: 'TCP',
      url: undefined,
      host: '93.184.216.34',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ host: '93.184.216.34:80', url: null });
    expect(response.json().terminal_command).toContain('nc');
  });

  it('keeps a body only for POST and PUT', async () => {
    const user = await buildUser(server);
    await setPlan(server, user.id, 'Gold');
    const get = (await create(user, httpMonitor({ http_method: 'GET', http_body: 'ignored' }))).json();
    const post = (await create(user, httpMonitor({ http_method: 'POST', http_body: '{"a":1}' }))).json();
    expect(get.http_body).toBeNull();
    expect(post.http_body).toBe('{"a":1}');
  });

  it("answers the spec's text for an empty target and names the field", async () => {
    const user = await buildUser(server);
    for (const [body, field] of [
      [httpMonitor({ url: '' }), 'url'],
      [httpMonitor({ url: undefined }), 'url'],
      [httpMonitor({ probers: [] }), 'probers'],
    ] as const) {
      const response = await create(user, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()[field]).toEqual(['Please fill all fields.']);
    }
    const dns = await create(user, { ...httpMonitor(), protocol_type: 'DNS', url: undefined, host: '1.1.1.1' });
    expect(dns.json().dns_query_name).toEqual(['Please fill all fields.']);
  });

  it('refuses a period or apdex outside the option lists, naming the field', async () => {
    const user = await buildUser(server);
    expect((await create(user, httpMonitor({ period: 42 }))).json().period).toBeDefined();
    expect((await create(user, httpMonitor({ apdex: 3 }))).json().apdex).toBeDefined();
  });

  it('refuses targets on private networks with a clear text', async () => {
    const user = await buildUser(server);
    for (const url of ['http://127.0.0.1/', 'http://10.0.0.5/admin', 'http://169.254.169.254/latest/meta-data']) {
      const response = await create(user, httpMonitor({ url }));
      expect(response.statusCode).toBe(400);
      expect(response.json().url[0]).toMatch(/monitoring private networks is not allowed/);
    }
  });

  it('bumps the assignment version of its probers', async () => {
    const user = await buildUser(server);
    const before = await assignmentVersion();
    await create(user, httpMonitor());
    expect(await assignmentVersion()).toBeGreaterThan(before);
  });
});

describe('plan limits on the Free plan', () => {
  it.each([
    [{ period: 60 }, 'period', "You can't select fewer than 5 min"],
    [{ http_method: 'POST' }, 'http_method', 'Enabled methods can only be selected.'],
    [{ labels: ['prod'] }, 'labels', 'Your plan does not include monitor groups.'],
  ])('%j is refused with its text', async (overrides, field, text) => {
    const user = await buildUser(server);
    const response = await create(user, httpMonitor(overrides));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', detail: text, [field]: [text] });
  });

  it('refuses a protocol the plan lacks', async () => {
    const user = await buildUser(server);
    const response = await create(user, { ...httpMonitor(), protocol_type: 'TCP', host: '93.184.216.34:443' });
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', detail: 'Enabled protocols can only be selected.' });
  });

  it('refuses a disabled prober', async () => {
    const user = await buildUser(server);
    const [disabled] = await server.context.db
      .insert(probers)
      .values({ name: `Off-${user.id}`, countryCode: 'DE', datacenter: 'x', keyHash: `h-${user.id}`, disabled: true })
      .returning();
    const response = await create(user, httpMonitor({ probers: [disabled?.id] }));
    expect(response.json()).toMatchObject({ code: 'PLAN_LIMIT', probers: ['Enabled probers can only be selected.'] });
  });

  it('stops at the monitor count of the plan', async () => {
    const user = await buildUser(server);
    for (let index = 0; index < 5; index += 1) expect((await create(user, httpMonitor())).statusCode).toBe(201);
    const sixth = await create(user, httpMonitor());
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().detail).toBe("You can't add more than 5 monitors");
  });
});

describe('editing and removing', () => {
  it('changes the editable fields but not the protocol or the address', async () => {
    const user = await buildUser(server);
    const created = (await create(user, httpMonitor())).json();
    const renamed = await request(user, 'PUT', created.id, { ...httpMonitor({ url: created.url }), alias: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('HTTP:Renamed');
    const moved = await request(user, 'PUT', created.id, httpMonitor({ url: 'http://93.184.216.35/' }));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().url).toBeDefined();
    const retyped = await request(user, 'PUT', created.id, {
      ...httpMonitor(),
      protocol_type: 'ICMP',
      host: '93.184.216.34',
    });
    expect(retyped.json().protocol_type).toBeDefined();
  });

  it('protects protected monitors from removal and from toggling', async () => {
    const user = await buildUser(server);
    const created = (await create(user, httpMonitor())).json();
    await server.context.db.update(monitors).set({ isProtected: true }).where(eq(monitors.id, created.id));
    const removal = await request(user, 'DELETE', created.id);
    expect(removal.statusCode).toBe(403);
    expect(removal.json().detail).toBe(PROTECTED_DELETE_TEXT);
    const toggle = await request(user, 'PUT', created.id, httpMonitor({ url: created.url, is_enabled: false }));
    expect(toggle.statusCode).toBe(403);
    expect(toggle.json().detail).toBe(PROTECTED_TOGGLE_TEXT);
  });

  it('removes a monitor', async () => {
    const user = await buildUser(server);
    const created = (await create(user, httpMonitor())).json();
    expect((await request(user, 'DELETE', created.id)).statusCode).toBe(200);
    expect((await request(user, 'GET', created.id)).statusCode).toBe(404);
  });
});

describe("one user's monitors are not another's", () => {
  it("answers 404 to every call on another user's monitor and lists only your own", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const created = (await create(alice, httpMonitor())).json();
    expect((await request(bob, 'GET', created.id)).statusCode).toBe(404);
    expect((await request(bob, 'PUT', created.id, httpMonitor({ url: created.url, alias: 'x' }))).statusCode).toBe(404);
    expect((await request(bob, 'DELETE', created.id)).statusCode).toBe(404);
    const bobs = (await server.app.inject({ method: 'GET', url: '/api/v1/monitors/', headers: bob.headers })).json();
    expect(bobs.results).toEqual([]);
    expect((await request(alice, 'GET', created.id)).statusCode).toBe(200);
  });

  it('refuses unverified users and the demo account, and calls without a key', async () => {
    const unverified = await buildUser(server, { verified: false });
    expect((await create(unverified, httpMonitor())).statusCode).toBe(403);
    const demoKey = (await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' })).json().key;
    const demo = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: { authorization: `Token ${demoKey}` },
      payload: httpMonitor(),
    });
    expect(demo.statusCode).toBe(403);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/monitors/' })).statusCode).toBe(401);
  });

  it('accepts only alert channels from your own profile', async () => {
    const user = await buildUser(server);
    const response = await create(user, httpMonitor({ alert: [{ type: 'emails', value: 'someone@else.test' }] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().alert).toBeDefined();
  });
});
