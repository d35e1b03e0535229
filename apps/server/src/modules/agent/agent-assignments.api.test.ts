import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setProberDisabled } from '../../admin/prober.commands';
import { findProberById } from '../probers/probers.repository';
import { pollAssignments } from './agent.service';
import { useAgentWorld } from './agent.test-support';

const world = useAgentWorld();
const { agent, createMonitor, ids, registerProber } = world;

describe('assignments', () => {
  it('gives an agent its enabled monitors, and answers 204 when nothing changed', async () => {
    const monitorId = await createMonitor(['Other']);
    const first = await world.server.app.inject({
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
    const unchanged = await world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${first.json().version}&wait=1`,
      headers: agent('Other'),
    });
    expect(unchanged.statusCode).toBe(204);
  });

  it('wakes a long-polling agent as soon as one of its monitors changes', async () => {
    const version = (
      await world.server.app.inject({ method: 'GET', url: '/api/agent/v1/assignments', headers: agent('Other') })
    ).json().version;
    // The longest wait there is (60 s), past this test's own 30 s: it passes only if the change woke the poll.
    const poll = world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=60`,
      headers: agent('Other'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await createMonitor(['Other'], { alias: 'wake' });
    const response = await poll;
    expect(response.statusCode).toBe(200);
    expect(response.json().monitors.some((spec: { monitor_id: number }) => spec.monitor_id > 0)).toBe(true);
  });

  it('reads nothing while it waits: the prober is read once, then only when a NOTIFY wakes the poll', async () => {
    const proberId = ids['Other-agent'] as number;
    const { db } = world.server.context;
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
      { ...world.server.context, db: counting },
      world.server.context.assignmentNotifier,
      proberId,
      version,
      6_000,
    );
    expect(quiet).toBeNull();
    expect(reads).toBe(1);

    reads = 0;
    const woken = pollAssignments(
      { ...world.server.context, db: counting },
      world.server.context.assignmentNotifier,
      proberId,
      version,
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await createMonitor(['Other'], { alias: 'wake once' });
    expect((await woken)?.version).toBeGreaterThan(version);
    // The first read, the one the NOTIFY asked for, and the set it found changed.
    expect(reads).toBeLessThanOrEqual(3);
  });

  it('tells a waiting poll at once when its prober is disabled meanwhile: an empty set, then 403', async () => {
    await registerProber('Disabled-while-waiting-agent');
    const version = (
      await world.server.app.inject({
        method: 'GET',
        url: '/api/agent/v1/assignments',
        headers: agent('Disabled-while-waiting'),
      })
    ).json().version;
    // The longest wait there is (60 s), past this test's own 30 s: it passes only if the disable woke the poll.
    const poll = world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=60`,
      headers: agent('Disabled-while-waiting'),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setProberDisabled(world.server.context, 'Disabled-while-waiting-agent', true);
    const response = await poll;
    expect(response.statusCode).toBe(200);
    expect(response.json().monitors).toEqual([]);
    const next = await world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${response.json().version}`,
      headers: agent('Disabled-while-waiting'),
    });
    expect(next.statusCode).toBe(403);
  });

  it('ends the wait of a prober deleted meanwhile with no change, and refuses its next poll (401)', async () => {
    await registerProber('Deleted-while-waiting-agent');
    const headers = agent('Deleted-while-waiting');
    const version = (await world.server.app.inject({ method: 'GET', url: '/api/agent/v1/assignments', headers })).json()
      .version;
    const poll = world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}&wait=2`,
      headers,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await world.server.context.db.execute(sql`DELETE FROM probers WHERE id = ${ids['Deleted-while-waiting-agent']}`);
    expect((await poll).statusCode).toBe(204);
    const next = await world.server.app.inject({
      method: 'GET',
      url: `/api/agent/v1/assignments?version=${version}`,
      headers,
    });
    expect(next.statusCode).toBe(401);
  });

  it('refuses an unknown key and a disabled prober', async () => {
    const unknown = await world.server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: { authorization: 'Prober nope' },
    });
    expect(unknown.statusCode).toBe(401);
    await registerProber('Retired-agent');
    await setProberDisabled(world.server.context, 'Retired-agent', true);
    const disabled = await world.server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: agent('Retired'),
    });
    expect(disabled.statusCode).toBe(403);
    const userKey = await world.server.app.inject({
      method: 'GET',
      url: '/api/agent/v1/assignments',
      headers: world.owner.headers,
    });
    expect(userKey.statusCode).toBe(401);
  });
});
