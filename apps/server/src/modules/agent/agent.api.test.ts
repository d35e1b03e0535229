import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber, setProberDisabled } from '../../admin/prober.commands';
import { downtimes, monitorEvents, monitorStates } from '../../db/schema/index';

let server: TestServer;
let owner: BuiltUser;
const keys: Record<string, string> = {};
const ids: Record<string, number> = {};

async function registerProber(name: string) {
  const output = await addProber(server.context, name, { country: 'DE' });
  keys[name] = output.split('\n')[1] ?? '';
  ids[name] = Number(/id (\d+)/.exec(output)?.[1]);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  for (const name of ['A', 'B', 'C', 'Solo', 'Other']) await registerProber(`${name}-agent`);
});
afterAll(() => server.close());

const agent = (name: string) => ({ authorization: `Prober ${keys[`${name}-agent`]}` });

async function createMonitor(probers: string[], overrides: Record<string, unknown> = {}) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/monitors/',
    headers: owner.headers,
    payload: {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 15,
      apdex: 0.5,
      probers: probers.map((name) => ids[`${name}-agent`]),
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

const result = (monitorId: number, time: Date, success: boolean, duration = 100) => ({
  monitor_id: monitorId,
  time: time.toISOString(),
  success,
  status_code: success ? 200 : 503,
  error: success ? null : 'HTTP 503 Service Unavailable',
  phases: { resolve: 1, connect: 2, tls: null, response: duration - 5, duration },
  extra_info: {},
});

const post = (name: string, results: unknown[]) =>
  server.app.inject({ method: 'POST', url: '/api/agent/v1/results', headers: agent(name), payload: { results } });

/** A minute boundary an hour ago: every scripted result is in the past and within one day. */
const base = () => new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);

describe('assignments', () => {
  it('gives an agent its enabled monitors, and answers 204 when nothing changed', async () => {
    const monitorId = await createMonitor(['Other']);
    const first = await server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments?version=0',
      headers: agent('Other'),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().monitors).toEqual([
      expect.objectContaining({
        monitor_id: monitorId,
        protocol: 'HTTP',
        target: 'http://93.184.216.34/',
        period_seconds: 15,
      }),
    ]);
    const unchanged = await server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${first.json().version}&wait=1`,
      headers: agent('Other'),
    });
    expect(unchanged.statusCode).toBe(204);
  });

  it('wakes a long-polling agent as soon as one of its monitors changes', async () => {
    const version = (
      await server.app.inject({ method: 'GET', url: '/api/agent/v1/assignments', headers: agent('Other') })
    ).json().version;
    const started = Date.now();
    const poll = server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=20`,
      headers: agent('Other'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await createMonitor(['Other'], { alias: 'wake' });
    const response = await poll;
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.json().monitors.some((spec: { monitor_id: number }) => spec.monitor_id > 0)).toBe(true);
  });

  it('refuses an unknown key and a disabled prober', async () => {
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: { authorization: 'Prober nope' },
    });
    expect(unknown.statusCode).toBe(401);
    await registerProber('Retired-agent');
    await setProberDisabled(server.context, 'Retired-agent', true);
    const disabled = await server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: agent('Retired'),
    });
    expect(disabled.statusCode).toBe(403);
    const userKey = await server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: owner.headers,
    });
    expect(userKey.statusCode).toBe(401);
  });
});

describe('results', () => {
  it('stores a batch once, however often it is sent, and keeps rollups exact', async () => {
    const monitorId = await createMonitor(['A']);
    const start = base();
    const batch = [0, 1, 2, 3].map((index) =>
      result(monitorId, new Date(start.getTime() + index * 15_000), index !== 3, 100 + index * 300),
    );
    const first = await post('A', batch);
    expect(first.json()).toEqual({ accepted: 4, duplicates: 0, rejected: 0 });
    const again = await Promise.all([post('A', batch), post('A', batch)]);
    for (const response of again) expect(response.json()).toEqual({ accepted: 0, duplicates: 4, rejected: 0 });

    const rollup = await server.context.db.execute<Record<string, number>>(
      sql`SELECT checks, failures, satisfied, tolerating, frustrated, bucket_0, bucket_2, bucket_3, bucket_4 FROM hourly_rollups WHERE monitor_id = ${monitorId}`,
    );
    // 100 ms satisfied (bucket 0); 400 ms satisfied (bucket 2); 700 ms tolerating (bucket 3); 1000 ms failed.
    expect(rollup.rows).toEqual([
      {
        checks: 4,
        failures: 1,
        satisfied: 2,
        tolerating: 1,
        frustrated: 1,
        bucket_0: 1,
        bucket_2: 1,
        bucket_3: 1,
        bucket_4: 0,
      },
    ]);
    const raw = await server.context.db.execute(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(raw.rows[0]).toEqual({ n: 4 });
  });

  it('counts a result repeated inside one batch once', async () => {
    const monitorId = await createMonitor(['A']);
    const repeated = result(monitorId, base(), true, 120);
    const response = await post('A', [
      repeated,
      repeated,
      result(monitorId, new Date(base().getTime() + 15_000), true),
    ]);
    expect(response.json()).toEqual({ accepted: 2, duplicates: 1, rejected: 0 });
    const rollup = await server.context.db.execute<{ checks: number }>(
      sql`SELECT checks FROM hourly_rollups WHERE monitor_id = ${monitorId}`,
    );
    expect(rollup.rows.reduce((sum, row) => sum + row.checks, 0)).toBe(2);
  });

  it("rejects results for monitors the prober is not assigned, and another user's monitor is no different", async () => {
    const monitorId = await createMonitor(['A']);
    const response = await post('B', [result(monitorId, base(), true)]);
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, rejected: 1 });
  });

  it('names the field of a malformed result', async () => {
    const response = await post('A', [{ monitor_id: 'x' }]);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).some((key) => key.startsWith('results.0'))).toBe(true);
  });
});

describe('the down/up decision', () => {
  /** Every prober reports each 15 s tick in turn, as live agents do. */
  async function script(
    monitorId: number,
    probers: string[],
    failing: (prober: string, second: number) => boolean,
    seconds: number,
  ) {
    const start = base();
    for (let second = 0; second <= seconds; second += 15) {
      for (const name of probers) {
        const response = await post(name, [
          result(monitorId, new Date(start.getTime() + second * 1000), !failing(name, second)),
        ]);
        expect(response.json().accepted).toBe(1);
      }
    }
    return start;
  }

  const downtimesOf = (monitorId: number) =>
    server.context.db.select().from(downtimes).where(eq(downtimes.monitorId, monitorId)).orderBy(downtimes.fromTime);

  it('opens a downtime when the majority fails and closes it to the second', async () => {
    const monitorId = await createMonitor(['A', 'B', 'C']);
    // A and B fail from minute 2 to minute 9 (7 minutes); C never does.
    const start = await script(
      monitorId,
      ['A', 'B', 'C'],
      (name, second) => name !== 'C' && second >= 120 && second < 540,
      900,
    );
    const rows = await downtimesOf(monitorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fromTime.getTime()).toBe(start.getTime() + 120_000);
    expect(rows[0]?.toTime?.getTime()).toBe(start.getTime() + 540_000);
    const events = await server.context.db.select().from(monitorEvents).where(eq(monitorEvents.monitorId, monitorId));
    expect(events.map((event) => event.kind).sort()).toEqual(['down', 'up']);
    const [state] = await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId));
    expect(state).toMatchObject({ isDown: false, lastStatusCode: 200 });
  });

  it('opens no downtime when one prober of three fails', async () => {
    const monitorId = await createMonitor(['A', 'B', 'C']);
    await script(monitorId, ['A', 'B', 'C'], (name, second) => name === 'A' && second >= 60, 600);
    expect(await downtimesOf(monitorId)).toEqual([]);
  });

  it('with one prober, needs two failures in a row and dates the downtime from the first', async () => {
    const monitorId = await createMonitor(['Solo']);
    const start = await script(
      monitorId,
      ['Solo'],
      (_name, second) => second === 30 || (second >= 90 && second < 150),
      300,
    );
    const rows = await downtimesOf(monitorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.fromTime.getTime()).toBe(start.getTime() + 90_000);
    expect(rows[0]?.toTime?.getTime()).toBe(start.getTime() + 150_000);
  });
});
