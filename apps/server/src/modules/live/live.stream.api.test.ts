import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult } from '../../../test/check-results';
import { buildUser } from '../../../test/factories';
import { startReplica, type TestServer } from '../../../test/harness';
import { endsWithin, useLiveWorld } from './live.api-world';
import { MAX_STREAMS_PER_USER, RESUME_OVERLAP } from './live.service';
import { isReady, listening, monitorEvent } from './live.test-support';

/**
 * The signed-in stream over real HTTP: what ingest stores reaches the owner's open stream, on any
 * replica, and nobody else's; a resume gets what it missed; a revoked or expired session's stream ends.
 */
const { world, other, stream, closeStreams, nextTime, monitorBody, ownerHeaders, writeDirectly } = useLiveWorld();

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
      downtime_reason: null,
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
    // The owner's stream says why (the shared one never does: see live.changes).
    expect(down.data.downtime_reason).toBe('HTTP 503');
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
        headers: other().headers,
        payload: monitorBody(),
      })
    ).json().id as number;
    const theirs = await stream('/api/v1/live/', { authorization: other().headers.authorization });
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
    expect((await stream('/api/v1/live/', { authorization: other().headers.authorization })).status).toBe(200);
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

describe('a session that ends by itself', () => {
  it('ends the stream when the session expires, not only when revoked, and the key is then refused', async () => {
    const user = await buildUser(world.server);
    const headers = { authorization: user.headers.authorization };
    // Its age limit comes in 4 s: nothing revokes it or writes anything then.
    const maxAge = `${world.server.config.SESSION_MAX_AGE_DAYS} days`;
    await writeDirectly(
      sql`UPDATE sessions SET created_at = now() - ${maxAge}::interval + interval '4 seconds' WHERE user_id = ${user.id}`,
    );
    const live = await stream('/api/v1/live/', headers);
    expect(live.status).toBe(200);
    await live.next(isReady);
    expect(await endsWithin(live)).toBe('ended');
    // What the browser does next: it reconnects, and is refused, so it signs out.
    expect((await stream('/api/v1/live/', headers)).status).toBe(401);
  });

  it('keeps the stream of a session used meanwhile, which lives on', async () => {
    const user = await buildUser(world.server);
    const headers = { authorization: user.headers.authorization };
    const idle = `${world.server.config.SESSION_IDLE_DAYS} days`;
    // Idle for all but 3 s of its limit; opening the stream is a use, which moves the limit on.
    await writeDirectly(
      sql`UPDATE sessions SET last_used_at = now() - ${idle}::interval + interval '3 seconds' WHERE user_id = ${user.id}`,
    );
    const live = await stream('/api/v1/live/', headers);
    await live.next(isReady);
    expect(await endsWithin(live, 5_000)).toBe('still open');
    live.close();
  });
});

describe('two replicas on one database', () => {
  let replica: TestServer;
  beforeAll(async () => {
    replica = await startReplica(world.server);
  });
  afterAll(async () => {
    closeStreams();
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
