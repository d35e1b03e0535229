import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downtimes, monitorStates } from '../../db/schema/index';
import { result, useAgentWorld } from './agent.test-support';

const world = useAgentWorld();
const { createMonitor, ids, post, registerProber } = world;

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
    const [state] = await world.server.context.db
      .select()
      .from(monitorStates)
      .where(eq(monitorStates.monitorId, monitorId));
    expect(state).toMatchObject({ isDown: false, confirmingSince: null });
    expect(await world.server.context.db.select().from(downtimes).where(eq(downtimes.monitorId, monitorId))).toEqual(
      [],
    );
    const stored = await world.server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(stored.rows[0]).toEqual({ n: 1 });

    const listed = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/probers/',
      headers: world.owner.headers,
    });
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
    const listed = await world.server.app.inject({
      method: 'GET',
      url: '/api/v1/probers/',
      headers: world.owner.headers,
    });
    const resending = listed.json().results.find((prober: { id: number }) => prober.id === ids['Resending-agent']);
    expect(resending.health).toMatchObject({ checks: 4, prober_failures: 4 });
  });
});
