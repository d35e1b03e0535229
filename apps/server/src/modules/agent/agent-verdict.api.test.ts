import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downtimes, monitorEvents, monitorStates } from '../../db/schema/index';
import { base, result, useAgentWorld } from './agent.test-support';

const world = useAgentWorld();
const { createMonitor, post } = world;
afterEach(() => {
  world.server.clock.stoppedAt = null;
});

describe('the down/up decision', () => {
  /**
   * Every prober checks each 15 s tick and reports a minute of them (four results) in one batch,
   * the probers in turn, as agents holding a buffer do: a quarter of the requests one result per
   * batch made, so the file's time goes to the decision rather than to HTTP round trips (issue 26).
   * Each transition falls on a minute's first tick, so the round it opens is answered by the other
   * probers' batches that follow, as when each tick was sent alone. The services' clock stands
   * still meanwhile: a round's 5 s wait is on the wall clock, and on a loaded machine the batches
   * answering it may come later than that; the wait itself is proved below.
   */
  async function script(
    monitorId: number,
    probers: string[],
    failing: (prober: string, second: number) => boolean,
    seconds: number,
  ) {
    const start = base();
    world.server.clock.stoppedAt = Date.now();
    for (let minute = 0; minute <= seconds; minute += 60) {
      const ticks = [0, 15, 30, 45].map((tick) => minute + tick).filter((second) => second <= seconds);
      for (const name of probers) {
        const batch = ticks.map((second) =>
          result(monitorId, new Date(start.getTime() + second * 1000), !failing(name, second)),
        );
        const response = await post(name, batch);
        expect(response.json().accepted).toBe(batch.length);
      }
    }
    return start;
  }

  const downtimesOf = (monitorId: number) =>
    world.server.context.db
      .select()
      .from(downtimes)
      .where(eq(downtimes.monitorId, monitorId))
      .orderBy(downtimes.fromTime);

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
    const events = await world.server.context.db
      .select()
      .from(monitorEvents)
      // Ingest's transitions (what the alert rules made of them is origin 'rules').
      .where(and(eq(monitorEvents.monitorId, monitorId), eq(monitorEvents.origin, 'ingest')));
    expect(events.map((event) => event.kind).sort()).toEqual(['down', 'up']);
    const [state] = await world.server.context.db
      .select()
      .from(monitorStates)
      .where(eq(monitorStates.monitorId, monitorId));
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
    // Stopped, the round's 5 s wait cannot run out before the metric is read, however slow the machine.
    world.server.clock.stoppedAt = now;
    for (const name of ['A', 'B', 'C']) await post(name, [result(monitorId, new Date(now - 20_000), true)]);
    await post('A', [result(monitorId, new Date(now - 1_000), false)]);
    const metric = await world.server.app.inject({
      method: 'GET',
      url: `/api/v1/monitors/${monitorId}/metric`,
      headers: world.owner.headers,
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
    const [open] = await world.server.context.db
      .select()
      .from(monitorStates)
      .where(eq(monitorStates.monitorId, monitorId));
    expect(open).toMatchObject({ isDown: false });
    expect(open?.confirmingSince).not.toBeNull();
    // No result comes: the server's own timer ends the round a little after its 5 s wait (a bound
    // for a loaded machine, not a speed: that is bench's).
    await vi.waitFor(
      async () => {
        const [state] = await world.server.context.db
          .select()
          .from(monitorStates)
          .where(eq(monitorStates.monitorId, monitorId));
        expect(state).toMatchObject({ isDown: true, confirmingSince: null });
      },
      { timeout: 60_000, interval: 250 },
    );
    const events = await world.server.context.db
      .select()
      .from(monitorEvents)
      // Ingest's transitions (what the alert rules made of them is origin 'rules').
      .where(and(eq(monitorEvents.monitorId, monitorId), eq(monitorEvents.origin, 'ingest')));
    expect(events.map((event) => event.kind)).toEqual(['down']);
  });
});
