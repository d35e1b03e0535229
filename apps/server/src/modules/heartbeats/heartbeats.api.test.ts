import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, buildUser, callAs, setPlan } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { HEARTBEAT_PROBER_ID } from './heartbeat-verdict';
import {
  createHeartbeat,
  downtimesOf,
  eventsOf,
  heartbeatBody,
  ping,
  recordsOf,
  stateOf,
} from './heartbeats.test-support';
import { sweepLateHeartbeats } from './lateness-sweep';
import { FAIL_REASON, PINGS_PER_MINUTE } from './ping.service';

/**
 * Heartbeat monitors through the API and the sweep, on the service clock: pings move the state as
 * checks do (records, rollups, downtimes, events), lateness is found once, pauses silence pings.
 */
const server = useTestServer();
let owner: BuiltUser;

beforeAll(async () => {
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
});

const detail = async (id: number) => (await callAs(server, owner, 'GET', `/api/v1/monitors/${id}/`)).json();

describe('creating a heartbeat', () => {
  it('answers the ping URL once, keeps only its hash, and gives no prober the monitor', async () => {
    const { id, token, body } = await createHeartbeat(server, owner, { probers: [1] });
    expect(body.ping_url).toBe(`http://api.test/ping/${token}`);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(body).toMatchObject({ protocol_type: 'HEARTBEAT', probers: [], name: 'HEARTBEAT:Nightly backup' });
    expect(body.heartbeat).toMatchObject({ grace: 30, last_ping_at: null, expected_by: null });
    expect(body.heartbeat.ping_url_hint).toBe(`http://api.test/ping/${token.slice(0, 6)}…`);
    const again = await detail(id);
    expect(again.ping_url).toBeUndefined();
    const stored = await server.context.db.execute<Record<string, unknown>>(
      sql`SELECT ping_token_hash, (SELECT count(*)::int FROM monitor_probers WHERE monitor_id = ${id}) AS probers FROM monitors WHERE id = ${id}`,
    );
    expect(stored.rows[0]?.ping_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(stored.rows[0]?.probers).toBe(0);
  });

  it('refuses a heartbeat without a name, a bad grace, or a probed monitor with a heartbeat-only period, naming the field', async () => {
    const noName = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HEARTBEAT',
      period: 60,
      apdex: 0.5,
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().alias).toHaveLength(1);
    for (const grace of [-1, 604_801, 1.5, 1e300]) {
      const bad = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
        protocol_type: 'HEARTBEAT',
        alias: 'x',
        period: 60,
        apdex: 0.5,
        grace,
      });
      expect(bad.statusCode, String(grace)).toBe(400);
      expect(bad.json().grace).toBeDefined();
    }
    const probedDaily = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 86_400,
      apdex: 0.5,
      probers: [1],
    });
    expect(probedDaily.statusCode).toBe(400);
    expect(probedDaily.json().period).toHaveLength(1);
    const noProbers = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 300,
      apdex: 0.5,
    });
    expect(noProbers.json()).toMatchObject({ probers: ['Please fill all fields.'] });
    const noApdex = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 300,
      probers: [1],
    });
    expect(noApdex.statusCode).toBe(400);
    expect(noApdex.json()).toMatchObject({ apdex: ['Please fill all fields.'] });
  });

  it('needs no apdex from an API caller: a heartbeat without one keeps 0.5 s', async () => {
    const { apdex: _apdex, ...withoutApdex } = heartbeatBody();
    const made = await callAs(server, owner, 'POST', '/api/v1/monitors/', withoutApdex);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().apdex).toBe(0.5);
  });
});

describe('pings and lateness', () => {
  it('goes up on a ping, down once when late, and up again on the next ping', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    const before = Date.now();
    const first = await ping(server, token);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('OK');
    expect(await stateOf(server, id)).toMatchObject({ is_down: false, last_status: 'OK' });
    const shown = (await detail(id)).heartbeat;
    const expectedBy = Date.parse(shown.expected_by);
    expect(expectedBy).toBeGreaterThanOrEqual(before + 90_000);
    expect(expectedBy).toBeLessThan(Date.now() + 90_000 + 1);

    // Not late yet: nothing moves, and the sweep says when to look again. (Other tests' heartbeats share the
    // database, and the server's own sweep runs too: what is asserted is this monitor's state.)
    server.clock.offsetMs = 80_000;
    expect((await sweepLateHeartbeats(server.context)).nextDeadline).not.toBeNull();
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });

    server.clock.offsetMs = 91_000;
    await sweepLateHeartbeats(server.context);
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true, last_status: 'Late' });
    const [downtime] = await downtimesOf(server, id);
    expect(downtime?.from_ms).toBe(expectedBy);
    expect(downtime?.to_ms).toBeNull();
    expect(await eventsOf(server, id)).toEqual([{ kind: 'down', reason: 'No ping within 1 min and 30 sec of grace.' }]);
    expect((await detail(id)).heartbeat.expected_by).toBeNull();

    server.clock.offsetMs = 120_000;
    expect((await ping(server, token, '', { method: 'POST', body: 'done' })).statusCode).toBe(200);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });
    expect((await downtimesOf(server, id))[0]?.to_ms).not.toBeNull();
    expect((await eventsOf(server, id)).map((event) => event.kind)).toEqual(['down', 'up']);
    const records = await recordsOf(server, id);
    expect(records.map((record) => [record.prober_id, record.success])).toEqual([
      [HEARTBEAT_PROBER_ID, true],
      [HEARTBEAT_PROBER_ID, false],
      [HEARTBEAT_PROBER_ID, true],
    ]);
    const rollups = await server.context.db.execute<{ checks: number; failures: number }>(
      sql`SELECT sum(checks)::int AS checks, sum(failures)::int AS failures FROM quarter_rollups WHERE monitor_id = ${id}`,
    );
    expect(rollups.rows[0]).toEqual({ checks: 3, failures: 1 });
  });

  it('goes down at once on /fail, with the body as the reason, cleaned', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    await ping(server, token);
    const failed = await ping(server, token, '/fail', { method: 'POST', body: 'disk full\u0000<b>x</b>' });
    expect(failed.statusCode).toBe(200);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true, last_status: 'Failed' });
    const [event] = await eventsOf(server, id);
    expect(event).toEqual({ kind: 'down', reason: `${FAIL_REASON} disk full<b>x</b>` });
    const shown = (await detail(id)).heartbeat;
    expect(shown).toMatchObject({ last_ping_kind: 'fail', last_ping_note: 'disk full<b>x</b>', expected_by: null });
    // Failed, not late: the sweep has nothing to decide.
    server.clock.offsetMs = 600_000;
    await sweepLateHeartbeats(server.context);
    expect(await eventsOf(server, id)).toHaveLength(1);
  });

  it('takes the runtime from /start to the success as the response time', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    expect((await ping(server, token, '/start')).statusCode).toBe(200);
    expect((await detail(id)).heartbeat.started_at).not.toBeNull();
    expect(await recordsOf(server, id)).toEqual([]);
    server.clock.offsetMs = 1_500;
    await ping(server, token);
    const [record] = await recordsOf(server, id);
    expect(record?.duration_ms).toBeGreaterThanOrEqual(1_500);
    expect(record?.duration_ms).toBeLessThan(3_000);
    expect((await detail(id)).heartbeat.started_at).toBeNull();
    const metric = await callAs(server, owner, 'GET', `/api/v1/monitors/${id}/metric`);
    expect(metric.statusCode).toBe(200);
    expect(JSON.stringify(metric.json())).toContain('Heartbeat pings');
  });

  it('ignores the pings of a paused heartbeat, and gives a resumed one a whole period', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    await ping(server, token);
    const paused = await callAs(server, owner, 'PATCH', `/api/v1/monitors/${id}/`, { is_enabled: false });
    expect(paused.statusCode).toBe(200);
    const before = await detail(id);
    server.clock.offsetMs = 5_000;
    for (const suffix of ['', '/start', '/fail']) expect((await ping(server, token, suffix)).body).toBe('OK');
    expect((await detail(id)).heartbeat).toEqual(before.heartbeat);
    expect(await recordsOf(server, id)).toHaveLength(1);
    // Late while paused: nothing is decided.
    server.clock.offsetMs = 200_000;
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });

    await callAs(server, owner, 'PATCH', `/api/v1/monitors/${id}/`, { is_enabled: true });
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });
    server.clock.offsetMs = 200_000 + 91_000;
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true });
    expect(await eventsOf(server, id)).toHaveLength(1);
  });

  it('judges by an edited period and grace from the edit on, moving the armed deadline', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    await ping(server, token);
    const armed = Date.parse((await detail(id)).heartbeat.expected_by);
    const edited = await callAs(server, owner, 'PATCH', `/api/v1/monitors/${id}/`, { grace: 0 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().heartbeat).toMatchObject({ grace: 0 });
    expect(Date.parse(edited.json().heartbeat.expected_by)).toBe(armed - 30_000);
    server.clock.offsetMs = 61_000;
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true });
    const badGrace = await callAs(server, owner, 'PATCH', `/api/v1/monitors/${id}/`, { grace: -5 });
    expect(badGrace.statusCode).toBe(400);
    expect(badGrace.json().grace).toHaveLength(1);
  });

  it('forgives lateness inside a maintenance window, giving a whole period from then', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    await ping(server, token);
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${id}, now() + interval '60 seconds', now() + interval '120 seconds')`);
    server.clock.offsetMs = 100_000;
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });
    const rearmed = Date.parse((await detail(id)).heartbeat.expected_by);
    expect(rearmed).toBeGreaterThan(Date.now() + 100_000);
    server.clock.offsetMs = 100_000 + 91_000;
    await sweepLateHeartbeats(server.context);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true });
  });

  it('keeps a failure reported inside a maintenance window without taking the heartbeat down', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    await ping(server, token);
    const armed = (await detail(id)).heartbeat.expected_by;
    await server.context.db.execute(sql`
      INSERT INTO maintenance_spans (monitor_id, starts_at, ends_at)
      VALUES (${id}, now() - interval '1 second', now() + interval '60 seconds')`);
    expect((await ping(server, token, '/fail', { method: 'POST', body: 'disk full' })).statusCode).toBe(200);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });
    expect(await downtimesOf(server, id)).toHaveLength(0);
    expect((await recordsOf(server, id)).at(-1)).toMatchObject({ success: false, error: `${FAIL_REASON} disk full` });
    const after = (await detail(id)).heartbeat;
    expect(after).toMatchObject({ last_ping_note: 'disk full', expected_by: armed });
    // After the window the same report takes it down.
    server.clock.offsetMs = 61_000;
    expect((await ping(server, token, '/fail')).statusCode).toBe(200);
    expect(await stateOf(server, id)).toMatchObject({ is_down: true });
  });

  it('answers 404 to an unknown token and a regenerated one, and HEAD like GET', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    expect((await ping(server, 'no-such-token')).statusCode).toBe(404);
    const withNul = await ping(server, `${token}%00`);
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json().token).toHaveLength(1);
    expect((await ping(server, token, '', { method: 'HEAD' })).statusCode).toBe(200);
    expect((await detail(id)).heartbeat.last_ping_kind).toBe('success');
    const regenerated = await callAs(server, owner, 'POST', `/api/v1/monitors/${id}/ping-token/`);
    expect(regenerated.statusCode).toBe(200);
    const fresh = String(regenerated.json().ping_url).split('/ping/')[1] ?? '';
    expect(fresh).not.toBe(token);
    expect((await ping(server, token)).statusCode).toBe(404);
    expect((await ping(server, fresh)).statusCode).toBe(200);
  });

  it("refuses another user's heartbeat (404) and a probed monitor's ping token (400)", async () => {
    const { id } = await createHeartbeat(server, owner);
    const stranger = await buildUser(server);
    const theirs = await callAs(server, stranger, 'POST', `/api/v1/monitors/${id}/ping-token/`);
    expect(theirs.statusCode).toBe(404);
    const anonymous = await server.app.inject({ method: 'POST', url: `/api/v1/monitors/${id}/ping-token/` });
    expect(anonymous.statusCode).toBe(401);
    const http = await callAs(server, owner, 'POST', '/api/v1/monitors/', {
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 300,
      apdex: 0.5,
      probers: [1],
    });
    const refused = await callAs(server, owner, 'POST', `/api/v1/monitors/${http.json().id}/ping-token/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().protocol_type).toHaveLength(1);
  });

  it('keeps a bounded, cleaned note of any body, refuses one past 10 MiB, and limits pings per URL', async () => {
    const { id, token } = await createHeartbeat(server, owner);
    const big = Buffer.concat([Buffer.from('\u0000\u0001start '), Buffer.alloc(2 * 1024 * 1024, 0x41)]);
    const taken = await ping(server, token, '', { method: 'POST', body: big, contentType: 'application/octet-stream' });
    expect(taken.statusCode).toBe(200);
    const note = (await detail(id)).heartbeat.last_ping_note as string;
    expect(note.startsWith('start AAA')).toBe(true);
    expect(note.length).toBeLessThanOrEqual(1_000);
    const json = await ping(server, token, '', { method: 'POST', body: '{not json', contentType: 'application/json' });
    expect(json.statusCode).toBe(200);
    const huge = await ping(server, token, '/fail', {
      method: 'POST',
      body: Buffer.alloc(11 * 1024 * 1024, 0x42),
      contentType: 'text/plain',
    });
    expect(huge.statusCode).toBe(413);
    expect(await stateOf(server, id)).toMatchObject({ is_down: false });

    // The limiter counts per clock minute, so a run that crosses a minute's edge splits its pings
    // over two windows: twice the limit is sure to overfill one of them.
    let answered = 0;
    let status = 0;
    while (status !== 429 && answered < 2 * PINGS_PER_MINUTE + 2) {
      status = (await ping(server, token)).statusCode;
      answered += 1;
    }
    expect(status).toBe(429);
    expect(answered).toBeGreaterThan(PINGS_PER_MINUTE - 5);
  });
});
