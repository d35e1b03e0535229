import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startReplica, type TestServer } from '../../../test/harness';
import { useAgentWorld } from '../agent/agent.test-support';
import { MAX_STREAMS_PER_USER, RESUME_OVERLAP } from './live.service';
import { isReady, listening, monitorEvent, openStream, type TestStream } from './live.test-support';

/**
 * The live streams over real HTTP (app.listen on a port): what ingest stores reaches the owner's
 * open stream, on any replica, and nobody else's; a resume gets what it missed; a revoked session's
 * stream ends.
 */
const world = useAgentWorld();
let baseUrl = '';
let other: BuiltUser;
const open: TestStream[] = [];
let clock = Date.now() - 60_000;

/** A later time for each result, so no two batches collide on (monitor, prober, time). */
const nextTime = () => {
  clock += 1_000;
  return clock;
};

async function stream(path: string, headers: Record<string, string> = {}, url = baseUrl) {
  const opened = await openStream(url, path, headers);
  open.push(opened);
  return opened;
}

const monitorBody = () => ({
  protocol_type: 'HTTP',
  url: 'http://93.184.216.34/',
  period: 15,
  apdex: 0.5,
  probers: [world.ids['Solo-agent']],
});

const ownerHeaders = () => ({ authorization: world.owner.headers.authorization });

beforeAll(async () => {
  baseUrl = await listening(world.server.app);
  other = await buildUser(world.server);
  await setPlan(world.server, other.id, 'Gold');
});

afterAll(() => {
  for (const opened of open) opened.close();
});

describe('the signed-in stream', () => {
  it('says which monitors there are and which are down, then pushes a stored check', async () => {
    const id = await world.createMonitor(['Solo']);
    const live = await stream('/api/v1/live/', ownerHeaders());
    expect(live.status).toBe(200);
    const ready = await live.next(isReady);
    expect(ready.data.ids).toContain(id);
    expect(ready.data.down).not.toContain(id);

    const time = nextTime();
    expect((await world.post('Solo', [checkResult(id, time, true)])).statusCode).toBe(200);
    const event = await live.next(monitorEvent(id, (data) => data.last_check_at !== null));
    expect(event.data).toMatchObject({
      id,
      is_enabled: true,
      is_down: false,
      last_status_code: 200,
      last_check_at: new Date(time).toISOString(),
      downtime_from: null,
    });
    expect(Number(event.id)).toBeGreaterThan(Number(ready.id));
  });

  it('tells a downtime as it opens: down, and since when', async () => {
    const id = await world.createMonitor(['Solo']);
    const live = await stream('/api/v1/live/', ownerHeaders());
    await live.next(isReady);
    const first = nextTime();
    await world.post('Solo', [checkResult(id, first, false)]);
    await world.post('Solo', [checkResult(id, nextTime(), false)]);
    const down = await live.next(monitorEvent(id, (data) => data.is_down === true));
    expect(down.data.last_status_code).toBe(503);
    expect(down.data.downtime_from).toBe(new Date(first).toISOString());
  });

  it('tells a pause and a removal', async () => {
    const id = await world.createMonitor(['Solo']);
    const live = await stream('/api/v1/live/', ownerHeaders());
    await live.next(isReady);
    const paused = await world.server.app.inject({
      method: 'PUT',
      url: `/api/v1/monitors/${id}/`,
      headers: world.owner.headers,
      payload: { ...monitorBody(), is_enabled: false },
    });
    expect(paused.statusCode).toBe(200);
    await live.next(monitorEvent(id, (data) => data.is_enabled === false));
    const removed = await world.server.app.inject({
      method: 'DELETE',
      url: `/api/v1/monitors/${id}/`,
      headers: world.owner.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    await live.next((event) => event.event === 'removed' && event.data.id === id);
  });

  it('refuses a caller without a session, and never carries another user’s monitors', async () => {
    expect((await stream('/api/v1/live/')).status).toBe(401);
    expect((await stream('/api/v1/live/', { authorization: 'Token not-a-session' })).status).toBe(401);

    const owners = await world.createMonitor(['Solo']);
    const others = (
      await world.server.app.inject({
        method: 'POST',
        url: '/api/v1/monitors/',
        headers: other.headers,
        payload: monitorBody(),
      })
    ).json().id as number;
    const theirs = await stream('/api/v1/live/', { authorization: other.headers.authorization });
    const ready = await theirs.next(isReady);
    expect(ready.data.ids).toEqual([others]);

    // The owner's change first, then the other user's: had the first reached this stream, it would come first.
    await world.post('Solo', [checkResult(owners, nextTime(), true)]);
    await world.post('Solo', [checkResult(others, nextTime(), true)]);
    const from = theirs.events.length;
    await theirs.next(monitorEvent(others, (data) => data.last_check_at !== null));
    const ids = theirs.events.slice(from).map((event) => event.data.id);
    expect(ids).not.toContain(owners);
    expect(theirs.events.every((event) => event.event !== 'monitor' || event.data.id === others)).toBe(true);
  });

  it('resumes from Last-Event-ID with the change it missed, and asks for a reload on an unknown one', async () => {
    const id = await world.createMonitor(['Solo']);
    const first = await stream('/api/v1/live/', ownerHeaders());
    const ready = await first.next(isReady);
    first.close();

    const time = nextTime();
    await world.post('Solo', [checkResult(id, time, false)]);
    const resumed = await stream('/api/v1/live/', { ...ownerHeaders(), 'last-event-id': String(ready.id) });
    const missed = await resumed.next(monitorEvent(id, (data) => data.last_check_at !== null));
    expect(missed.data.last_status_code).toBe(503);
    // What it missed comes before `ready`.
    expect(resumed.events.indexOf(missed)).toBeLessThan(resumed.events.findIndex(isReady));

    const unknown = await stream('/api/v1/live/', { ...ownerHeaders(), 'last-event-id': 'yesterday' });
    await unknown.next((event) => event.event === 'reset');
    const ahead = await stream('/api/v1/live/', {
      ...ownerHeaders(),
      'last-event-id': String(Number(ready.id) + RESUME_OVERLAP * 1_000),
    });
    await ahead.next((event) => event.event === 'reset');
  });

  it('refuses a user more streams than a few tabs need', async () => {
    const user = await buildUser(world.server);
    const headers = { authorization: user.headers.authorization };
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_USER }, () => stream('/api/v1/live/', headers)),
    );
    expect(streams.map((opened) => opened.status)).toEqual(streams.map(() => 200));
    expect((await stream('/api/v1/live/', headers)).status).toBe(429);
    // Another user is not counted against them.
    expect((await stream('/api/v1/live/', { authorization: other.headers.authorization })).status).toBe(200);
  });

  it('ends when its session is revoked', async () => {
    const user = await buildUser(world.server);
    const live = await stream('/api/v1/live/', { authorization: user.headers.authorization });
    await live.next(isReady);
    const logout = await world.server.app.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(200);
    await live.ended;
  });
});

describe('the shared stream', () => {
  it('shows the one monitor its token names, without owner data; an unknown token is a 404', async () => {
    const id = await world.createMonitor(['Solo']);
    const token = (
      await world.server.app.inject({ method: 'GET', url: `/api/v1/monitors/${id}/`, headers: world.owner.headers })
    ).json().token as string;
    const elsewhere = await world.createMonitor(['Solo']);
    const shared = await stream(`/api/v1/live/shared/${token}`);
    expect(shared.status).toBe(200);
    expect((await shared.next(isReady)).data.ids).toEqual([id]);
    // Its state comes first: the page may have been handed a cached answer.
    expect(shared.events[0]).toMatchObject({ event: 'monitor', data: { id } });

    await world.post('Solo', [checkResult(elsewhere, nextTime(), true)]);
    await world.post('Solo', [checkResult(id, nextTime(), true)]);
    const event = await shared.next(monitorEvent(id, (data) => data.last_check_at !== null));
    expect(Object.keys(event.data).sort()).toEqual(
      [
        'confirming',
        'downtime_from',
        'id',
        'is_down',
        'is_enabled',
        'is_flapping',
        'is_slow',
        'last_check_at',
        'last_status',
        'last_status_code',
      ].sort(),
    );
    expect(shared.events.every((received) => received.event !== 'monitor' || received.data.id === id)).toBe(true);

    expect((await stream('/api/v1/live/shared/no-such-token')).status).toBe(404);
  });
});

describe('two replicas on one database', () => {
  let replica: TestServer;
  beforeAll(async () => {
    replica = await startReplica(world.server);
  });
  afterAll(async () => {
    for (const opened of open) opened.close();
    await replica.close();
  });

  it('a check ingested through one reaches a stream open on the other', async () => {
    const id = await world.createMonitor(['Solo']);
    const live = await stream('/api/v1/live/', ownerHeaders(), await listening(replica.app));
    await live.next(isReady);
    const time = nextTime();
    await world.post('Solo', [checkResult(id, time, true)]);
    const event = await live.next(monitorEvent(id, (data) => data.last_check_at === new Date(time).toISOString()));
    expect(event.data.last_status_code).toBe(200);
  });
});
