import { describe, expect, it } from 'vitest';
import { groupIncidents, INCIDENT_GRACE_MS, type PageDowntime } from './incident-grouping';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 26, 12);
/** A downtime of monitor `id` from `from` to `to` minutes after T (null: ongoing). */
const d = (id: number, from: number, to: number | null): PageDowntime => ({
  monitorId: id,
  from: T + from * MIN,
  to: to === null ? null : T + to * MIN,
});
/** Each incident as [start, end] in minutes after T, and its monitors. */
const shape = (downtimes: PageDowntime[], graceMs?: number) =>
  groupIncidents(downtimes, graceMs).map((incident) => ({
    span: [(incident.start - T) / MIN, incident.end === null ? null : (incident.end - T) / MIN],
    monitors: incident.monitorIds,
  }));

describe('grouping downtimes into incidents', () => {
  it.each([
    ['nothing', [], []],
    ['one closed downtime', [d(1, 0, 10)], [{ span: [0, 10], monitors: [1] }]],
    ['one ongoing downtime is an open incident', [d(1, 0, null)], [{ span: [0, null], monitors: [1] }]],
    ['a start while another is open joins it', [d(1, 0, 10), d(2, 5, 20)], [{ span: [0, 20], monitors: [1, 2] }]],
    [
      'a start within the grace after the last end joins',
      [d(1, 0, 10), d(2, 15, 16)],
      [{ span: [0, 16], monitors: [1, 2] }],
    ],
    [
      'a start exactly at the grace joins (touching counts)',
      [d(1, 0, 10), d(2, 15, 16)],
      [{ span: [0, 16], monitors: [1, 2] }],
    ],
    [
      'a start just past the grace begins a new incident',
      [d(1, 0, 10), { monitorId: 2, from: T + 15 * MIN + 1, to: T + 20 * MIN }],
      [
        { span: [0, 10], monitors: [1] },
        { span: [15 + 1 / MIN, 20], monitors: [2] },
      ],
    ],
    [
      'the grace counts from the latest end, not the last member',
      [d(1, 0, 30), d(2, 5, 6), d(3, 34, 40)],
      [{ span: [0, 40], monitors: [1, 2, 3] }],
    ],
    [
      'an ongoing member keeps the incident open, even with later ends',
      [d(1, 0, null), d(2, 100, 110), d(3, 500, 501)],
      [{ span: [0, null], monitors: [1, 2, 3] }],
    ],
    [
      'one monitor down twice within the grace is one incident, listed once',
      [d(1, 0, 2), d(1, 4, 6)],
      [{ span: [0, 6], monitors: [1] }],
    ],
    [
      'one monitor down twice far apart is two incidents',
      [d(1, 0, 2), d(1, 60, null)],
      [
        { span: [0, 2], monitors: [1] },
        { span: [60, null], monitors: [1] },
      ],
    ],
    ['equal timestamps group', [d(2, 0, 0), d(1, 0, 0)], [{ span: [0, 0], monitors: [1, 2] }]],
    [
      'a chain of overlaps is one incident',
      [d(1, 0, 10), d(2, 9, 20), d(3, 19, 30), d(4, 29, 40)],
      [{ span: [0, 40], monitors: [1, 2, 3, 4] }],
    ],
  ])('%s', (_name, downtimes, expected) => {
    expect(shape(downtimes)).toEqual(expected);
  });

  it('takes the grace as a parameter (0: only overlapping or touching downtimes group)', () => {
    expect(shape([d(1, 0, 10), d(2, 10, 12), d(3, 13, 14)], 0)).toEqual([
      { span: [0, 12], monitors: [1, 2] },
      { span: [13, 14], monitors: [3] },
    ]);
    expect(shape([d(1, 0, 10), d(2, 40, 41)], 30 * MIN)).toEqual([{ span: [0, 41], monitors: [1, 2] }]);
    expect(INCIDENT_GRACE_MS).toBe(5 * MIN);
  });

  it('answers the same for any input order (deterministic)', () => {
    const downtimes = [d(3, 0, 5), d(1, 0, 6), d(2, 0, 5), d(1, 90, 95), d(2, 200, 201), d(1, 200, 201)];
    const expected = groupIncidents(downtimes);
    expect(groupIncidents([...downtimes].reverse())).toEqual(expected);
    expect(
      groupIncidents([
        downtimes[4],
        downtimes[0],
        downtimes[5],
        downtimes[2],
        downtimes[1],
        downtimes[3],
      ] as PageDowntime[]),
    ).toEqual(expected);
    expect(expected.map((incident) => incident.downtimes.map((downtime) => downtime.monitorId))).toEqual([
      [1, 2, 3],
      [1],
      [1, 2],
    ]);
  });

  it('takes Dates as well as epoch milliseconds', () => {
    const [incident] = groupIncidents([{ monitorId: 1, from: new Date(T), to: new Date(T + MIN) }]);
    expect(incident).toMatchObject({ start: T, end: T + MIN });
  });

  it.each([
    ['a non-finite start', { monitorId: 1, from: Number.NaN, to: null }],
    ['an end before its start', { monitorId: 1, from: T, to: T - 1 }],
    ['an infinite end', { monitorId: 1, from: T, to: Number.POSITIVE_INFINITY }],
  ])('refuses %s', (_name, downtime) => {
    expect(() => groupIncidents([downtime])).toThrow(RangeError);
  });

  it('refuses a negative or non-finite grace', () => {
    expect(() => groupIncidents([], -1)).toThrow(RangeError);
    expect(() => groupIncidents([], Number.NaN)).toThrow(RangeError);
  });

  // How fast is bench/pure-functions.bench.ts's figure: no timed assertion in a test (issue 26).
  it('groups 10,000 downtimes', () => {
    // 100 bursts of 100 overlapping downtimes of 20 monitors, 2 hours apart: 100 incidents.
    const downtimes: PageDowntime[] = [];
    for (let burst = 0; burst < 100; burst += 1) {
      for (let i = 0; i < 100; i += 1) downtimes.push(d(i % 20, burst * 120 + i * 0.1, burst * 120 + i * 0.1 + 3));
    }
    const incidents = groupIncidents(downtimes);
    expect(incidents).toHaveLength(100);
    expect(incidents.every((incident) => incident.monitorIds.length === 20 && incident.downtimes.length === 100)).toBe(
      true,
    );
  });
});
