import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber, setProberDisabled } from '../../admin/prober.commands';
import { downtimes, monitorEvents, monitorStates } from '../../db/schema/index';
import { ingestResults } from '../ingest/ingest.service';
import { findProberById } from '../probers/probers.repository';
import { pollAssignments } from './agent.service';

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

  it('reads nothing while it waits: the prober is read once, then only when a NOTIFY wakes the poll', async () => {
    const proberId = ids['Other-agent'] as number;
    const { db } = server.context;
    let reads = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'select' || property === 'execute') reads += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const version = (await findProberById(db, proberId))?.assignmentVersion as number;
    // Longer than the 5 s the poll used to re-read the prober at: that poll read it twice more.
    const quiet = await pollAssignments(
      { ...server.context, db: counting },
      server.context.assignmentNotifier,
      proberId,
      version,
      6_000,
    );
    expect(quiet).toBeNull();
    expect(reads).toBe(1);

    reads = 0;
    const woken = pollAssignments(
      { ...server.context, db: counting },
      server.context.assignmentNotifier,
      proberId,
      version,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await createMonitor(['Other'], { alias: 'wake once' });
    expect((await woken)?.version).toBeGreaterThan(version);
    // The first read, the one the NOTIFY asked for, and the set it found changed.
    expect(reads).toBeLessThanOrEqual(3);
  }, 30_000);

  it('tells a waiting poll at once when its prober is disabled meanwhile: an empty set, then 403', async () => {
    await registerProber('Disabled-while-waiting-agent');
    const version = (
      await server.app.inject({
        method: 'GET',
        url: '/api/agent/v1/assignments',
        headers: agent('Disabled-while-waiting'),
      })
    ).json().version;
    const started = Date.now();
    const poll = server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=20`,
      headers: agent('Disabled-while-waiting'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setProberDisabled(server.context, 'Disabled-while-waiting-agent', true);
    const response = await poll;
    expect(response.statusCode).toBe(200);
    expect(response.json().monitors).toEqual([]);
    // Long before its 20 s wait: the disable's NOTIFY woke it.
    expect(Date.now() - started).toBeLessThan(10_000);
    const next = await server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${response.json().version}`,
      headers: agent('Disabled-while-waiting'),
    });
    expect(next.statusCode).toBe(403);
  });

  it('ends the wait of a prober deleted meanwhile with no change, and refuses its next poll (401)', async () => {
    await registerProber('Deleted-while-waiting-agent');
    const headers = agent('Deleted-while-waiting');
    const version = (await server.app.inject({ method: 'GET', url: '/api/agent/v1/assignments', headers })).json()
      .version;
    const poll = server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=2`,
      headers,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.context.db.execute(sql`DELETE FROM probers WHERE id = ${ids['Deleted-while-waiting-agent']}`);
    expect((await poll).statusCode).toBe(204);
    const next = await server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}`,
      headers,
    });
    expect(next.statusCode).toBe(401);
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
    expect(first.json()).toEqual({ accepted: 4, duplicates: 0, rejected: 0, refused: 0, refusals: [] });
    const again = await Promise.all([post('A', batch), post('A', batch)]);
    for (const response of again) {
      expect(response.json()).toEqual({ accepted: 0, duplicates: 4, rejected: 0, refused: 0, refusals: [] });
    }

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
    expect(response.json()).toEqual({ accepted: 2, duplicates: 1, rejected: 0, refused: 0, refusals: [] });
    const rollup = await server.context.db.execute<{ checks: number }>(
      sql`SELECT checks FROM hourly_rollups WHERE monitor_id = ${monitorId}`,
    );
    expect(rollup.rows.reduce((sum, row) => sum + row.checks, 0)).toBe(2);
  });

  it("rejects results for monitors the prober is not assigned, and another user's monitor is no different", async () => {
    const monitorId = await createMonitor(['A']);
    const response = await post('B', [result(monitorId, base(), true)]);
    expect(response.json()).toEqual({ accepted: 0, duplicates: 0, rejected: 1, refused: 0, refusals: [] });
  });

  it('refuses a malformed result alone, naming its field, and stores the rest of the batch', async () => {
    const monitorId = await createMonitor(['A']);
    const good = result(monitorId, base(), true);
    const response = await post('A', [{ monitor_id: 'x' }, good]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: 0,
      refused: 1,
      refusals: [{ index: 0, field: 'monitor_id', message: expect.any(String) }],
    });
  });

  it('refuses each result out of range or holding unsafe text, counted, and stores every good one beside them', async () => {
    const monitorId = await createMonitor(['A']);
    const start = base().getTime();
    const at = (slot: number) => new Date(start + slot * 15_000);
    const good = [0, 2, 4, 6, 8, 10, 12, 14, 16].map((slot) => result(monitorId, at(slot), true));
    const withPhases = (slot: number, phases: Record<string, unknown>) => {
      const bad = result(monitorId, at(slot), true);
      return { ...bad, phases: { ...bad.phases, ...phases } };
    };
    const bad = [
      { ...result(monitorId, at(1), false), status_code: 40_000 },
      { ...result(monitorId, at(3), true), monitor_id: 2 ** 31 },
      withPhases(5, { duration: 1e39 }),
      withPhases(7, { connect: -5 }),
      { ...result(monitorId, at(9), false), error: 'TXT v=spf1\u0000' },
      { ...result(monitorId, at(11), true), extra_info: { answers: [{ data: 'a\u0000b' }] } },
      { ...result(monitorId, at(13), true), time: 'yesterday' },
    ];
    // Good and bad interleaved, as a real batch would be.
    const batch = [good[0], ...bad.flatMap((item, index) => [item, good[index + 1]]), good[8]];
    const response = await post('A', batch);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 9,
      duplicates: 0,
      rejected: 0,
      refused: 7,
      refusals: [
        { index: 1, field: 'status_code', message: expect.any(String) },
        { index: 3, field: 'monitor_id', message: expect.any(String) },
        { index: 5, field: 'phases.duration', message: expect.any(String) },
        { index: 7, field: 'phases.connect', message: expect.any(String) },
        { index: 9, field: 'error', message: 'Must not contain NUL characters.' },
        { index: 11, field: 'extra_info.answers.0.data', message: 'Must not contain NUL characters.' },
        { index: 13, field: 'time', message: expect.any(String) },
      ],
    });
    const stored = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(stored.rows[0]).toEqual({ n: 9 });
  });

  it('lists the first ten refusals and counts them all', async () => {
    const monitorId = await createMonitor(['A']);
    const bad = Array.from({ length: 25 }, (_, slot) => ({
      ...result(monitorId, new Date(base().getTime() + slot * 15_000), true),
      status_code: 40_000,
    }));
    const body = (await post('A', bad)).json();
    expect(body).toMatchObject({ accepted: 0, refused: 25 });
    expect(body.refusals.map((refusal: { index: number }) => refusal.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('still refuses a body that is not a batch', async () => {
    const response = await post('A', 'not a list' as unknown as unknown[]);
    expect(response.statusCode).toBe(400);
    const tooMany = await post(
      'A',
      Array.from({ length: 2_001 }, () => ({})),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('results the database refuses', () => {
  it('are refused alone when the batch fails with a data error: the rest is stored, and no 500', async () => {
    const monitorId = await createMonitor(['A']);
    const start = base().getTime();
    const batch = [0, 1, 2, 3, 4].map((slot) => result(monitorId, new Date(start + slot * 15_000), true));
    // Past the API's validation only by a bug: smallint overflows (22003) in the one insert.
    const poisoned = [
      ...batch.slice(0, 3),
      { ...result(monitorId, new Date(start + 60_000), true), status_code: 40_000 },
    ];
    const outcome = await ingestResults(server.context, ids['A-agent'] as number, [...poisoned, batch[4] as never]);
    expect(outcome).toEqual({
      accepted: 4,
      duplicates: 0,
      rejected: 0,
      refused: 1,
      refusals: [{ index: 3, field: 'non_field_errors', message: expect.stringMatching(/22003/) }],
      roundsOpened: [],
      proberFailures: 0,
    });
    const stored = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(stored.rows[0]).toEqual({ n: 4 });
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

describe('a failed check being confirmed', () => {
  it('reads "confirming", not up and not yet down, in the metric while the round is open', async () => {
    const monitorId = await createMonitor(['A', 'B', 'C']);
    const now = Date.now();
    for (const name of ['A', 'B', 'C']) await post(name, [result(monitorId, new Date(now - 20_000), true)]);
    await post('A', [result(monitorId, new Date(now - 1_000), false)]);
    const metric = await server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric`,
      headers: owner.headers,
    });
    expect(metric.json()).toMatchObject({ is_down: false, confirming: true, last_status_code: 503 });
  });
});

describe('a confirmation round some probers never answer', () => {
  it('ends after its wait and decides from the probers that answered', async () => {
    const monitorId = await createMonitor(['A', 'B', 'C']);
    const now = Date.now();
    for (const name of ['A', 'B', 'C']) await post(name, [result(monitorId, new Date(now - 20_000), true)]);
    // A fails and answers its own round; B and C stay silent (fresh, so the round waits for them).
    await post('A', [result(monitorId, new Date(now - 1_000), false)]);
    await post('A', [result(monitorId, new Date(now - 500), false)]);
    const [open] = await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId));
    expect(open).toMatchObject({ isDown: false });
    expect(open?.confirmingSince).not.toBeNull();
    // No result comes: the server's own timer ends the round a little after its 5 s wait.
    await vi.waitFor(
      async () => {
        const [state] = await server.context.db
          .select()
          .from(monitorStates)
          .where(eq(monitorStates.monitorId, monitorId));
        expect(state).toMatchObject({ isDown: true, confirmingSince: null });
      },
      { timeout: 9_000, interval: 250 },
    );
    const events = await server.context.db.select().from(monitorEvents).where(eq(monitorEvents.monitorId, monitorId));
    expect(events.map((event) => event.kind)).toEqual(['down']);
  }, 15_000);
});

describe('prober failures', () => {
  it('never count in the verdict: they are kept out of the records and shown in the prober health', async () => {
    await registerProber('Faulty-agent');
    const monitorId = await createMonitor(['Faulty']);
    const start = Date.now() - 120_000;
    const fault = (second: number) => ({
      ...result(monitorId, new Date(start + second * 1000), false),
      status_code: null,
      error: 'ping is not installed',
      failure_class: 'prober',
    });
    const response = await post('Faulty', [result(monitorId, new Date(start), true), fault(15), fault(30), fault(45)]);
    expect(response.json()).toMatchObject({ accepted: 4, refused: 0 });
    const [state] = await server.context.db.select().from(monitorStates).where(eq(monitorStates.monitorId, monitorId));
    expect(state).toMatchObject({ isDown: false, confirmingSince: null });
    expect(await server.context.db.select().from(downtimes).where(eq(downtimes.monitorId, monitorId))).toEqual([]);
    const stored = await server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(stored.rows[0]).toEqual({ n: 1 });

    const listed = await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: owner.headers });
    const faulty = listed.json().results.find((prober: { id: number }) => prober.id === ids['Faulty-agent']);
    expect(faulty.health).toMatchObject({ checks: 4, prober_failures: 3 });
    expect(Date.parse(faulty.health.last_seen_at)).toBeGreaterThan(start);
  });

  it('count once when the agent sends them again (a resent batch whose answer was lost)', async () => {
    await registerProber('Resending-agent');
    const monitorId = await createMonitor(['Resending']);
    const start = Date.now() - 60_000;
    const batch = [0, 15, 30].map((second) => ({
      ...result(monitorId, new Date(start + second * 1000), false),
      status_code: null,
      error: 'ping is not installed',
      failure_class: 'prober',
    }));
    expect((await post('Resending', batch)).json()).toMatchObject({ accepted: 3, duplicates: 0 });
    expect((await post('Resending', batch)).json()).toMatchObject({ accepted: 0, duplicates: 3 });
    // Resent in part, beside a new one: only the new one counts.
    const next = { ...(batch[0] as object), time: new Date(start + 45_000).toISOString() };
    expect((await post('Resending', [batch[2], next])).json()).toMatchObject({ accepted: 1, duplicates: 1 });
    const listed = await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers: owner.headers });
    const resending = listed.json().results.find((prober: { id: number }) => prober.id === ids['Resending-agent']);
    expect(resending.health).toMatchObject({ checks: 4, prober_failures: 4 });
  });
});
