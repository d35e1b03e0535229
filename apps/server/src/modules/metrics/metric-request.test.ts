import { describe, expect, it } from 'vitest';
import type { ServiceContext } from '../../context';
import { metricRequest, renewalPhaseMs } from './metric-request';
import type { MetricSubject } from './metric-subject.repository';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A monitor checked for a month: its live answer is renewed once a minute. */
function subjectOf(id: number, now: number): MetricSubject {
  return {
    monitor: { id, createdAt: new Date(now - 30 * DAY) },
    state: { firstCheckAt: new Date(now - 30 * DAY) },
    version: 'v1',
    historyDays: 30,
  } as unknown as MetricSubject;
}

const keyAt = (id: number, ms: number) =>
  metricRequest({ now: () => new Date(ms) } as ServiceContext, subjectOf(id, ms), {
    months: 6,
  } as Parameters<typeof metricRequest>[2]).key;

describe("a live metric answer's renewal", () => {
  // Noon, so no day boundary is crossed below.
  const noon = Date.parse('2026-06-10T12:00:00Z');

  it('does not come for every monitor at once on the minute', () => {
    const ids = Array.from({ length: 50 }, (_, index) => 1_000 + index);
    const changed = ids.filter((id) => keyAt(id, noon - 1) !== keyAt(id, noon + 1));
    expect(changed.length).toBeLessThan(5);
  });

  it('still comes once a minute for each, at its own moment', () => {
    for (const id of [1, 2, 3, 77, 2_147_483_647]) {
      const phase = renewalPhaseMs(id, MINUTE);
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(MINUTE);
      const renewedAt = noon + MINUTE - phase;
      expect(keyAt(id, renewedAt - 1)).not.toBe(keyAt(id, renewedAt));
      expect(keyAt(id, renewedAt)).toBe(keyAt(id, renewedAt + MINUTE - 1));
      expect(keyAt(id, renewedAt + MINUTE - 1)).not.toBe(keyAt(id, renewedAt + MINUTE));
    }
  });
});
