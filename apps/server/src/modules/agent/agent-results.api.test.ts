import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ingestResults } from '../ingest/ingest.service';
import { base, result, useAgentWorld } from './agent.test-support';

const world = useAgentWorld();
const { createMonitor, ids, post } = world;

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

    const rollup = await world.server.context.db.execute<Record<string, number>>(
      sql`SELECT checks, failures, satisfied, tolerating, frustrated, bucket_0, bucket_2, bucket_3, bucket_4 FROM quarter_rollups WHERE monitor_id = ${monitorId}`,
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
    const raw = await world.server.context.db.execute(
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
    const rollup = await world.server.context.db.execute<{ checks: number }>(
      sql`SELECT checks FROM quarter_rollups WHERE monitor_id = ${monitorId}`,
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
    const stored = await world.server.context.db.execute<{ n: number }>(
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
    const outcome = await ingestResults(world.server.context, ids['A-agent'] as number, [
      ...poisoned,
      batch[4] as never,
    ]);
    expect(outcome).toEqual({
      accepted: 4,
      duplicates: 0,
      rejected: 0,
      refused: 1,
      refusals: [{ index: 3, field: 'non_field_errors', message: expect.stringMatching(/22003/) }],
      roundsOpened: [],
      proberFailures: 0,
    });
    const stored = await world.server.context.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM probe_records WHERE monitor_id = ${monitorId}`,
    );
    expect(stored.rows[0]).toEqual({ n: 4 });
  });
});
