import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import type { MonitorState } from './monitor-state.repository';
import type { ProbeRecordInput } from './probe-records.repository';
import { applySlowRules, type SlowSettings } from './slow-response';

/** A stand-in database that counts the statements it is given and answers none found. */
function countingDb() {
  const statements: unknown[] = [];
  const db = {
    execute: async (query: unknown) => {
      statements.push(query);
      return { rows: [] };
    },
  } as unknown as Database;
  return { db, statements };
}

const record = (monitorId: number, time: number, durationMs: number): ProbeRecordInput => ({
  monitorId,
  proberId: 1,
  time,
  success: true,
  statusCode: 200,
  durationMs,
  resolveMs: 1,
  connectMs: 1,
  tlsMs: null,
  responseMs: durationMs,
  error: null,
  extraInfo: {},
  apdexClass: 0,
  bucket: 0,
});
const upState = (monitorId: number) => ({ monitorId, isDown: false, stateSince: null }) as MonitorState;

describe('applySlowRules on the ingest path', () => {
  it('costs a batch of monitors without a rule no statement at all', async () => {
    const { db, statements } = countingDb();
    const monitors = new Map<number, SlowSettings>([
      [1, { slowAlert: null, apdexMs: 500 }],
      [2, { slowAlert: null, apdexMs: 500 }],
    ]);
    const fresh = Array.from({ length: 1000 }, (_, index) => record(1 + (index % 2), 1_000_000 + index, 5000));
    const events = await applySlowRules(
      db,
      monitors,
      fresh,
      new Map([
        [1, upState(1)],
        [2, upState(2)],
      ]),
    );
    expect(events).toBe(0);
    expect(statements).toHaveLength(0);
  });

  it('costs a batch two statements however many of its monitors have a rule (one read, one write with the events)', async () => {
    const { db, statements } = countingDb();
    const rule = { rule: 'response_time', above_ms: 100, checks: 2 } as const;
    const monitors = new Map<number, SlowSettings>([
      [1, { slowAlert: rule, apdexMs: 500 }],
      [2, { slowAlert: rule, apdexMs: 500 }],
      [3, { slowAlert: null, apdexMs: 500 }],
    ]);
    const fresh = [1, 2, 3].flatMap((id) => [record(id, 1_000_000, 900), record(id, 1_001_000, 900)]);
    const states = new Map([1, 2, 3].map((id) => [id, upState(id)]));
    expect(await applySlowRules(db, monitors, fresh, states)).toBe(2);
    expect(statements).toHaveLength(2);
  });
});
