import { describe, expect, it } from 'vitest';
import {
  clipSpans,
  currentOrNext,
  instantToWallTime,
  isCovered,
  type MaintenanceSchedule,
  spanAt,
  spansWithin,
  wallTimeToInstant,
} from './maintenance';

const at = (iso: string) => Date.parse(iso);
const iso = (spans: Array<{ from: number; to: number }>) =>
  spans.map((span) => [new Date(span.from).toISOString(), new Date(span.to).toISOString()]);

const weekly = (overrides: Partial<Extract<MaintenanceSchedule, { kind: 'weekly' }>>): MaintenanceSchedule => ({
  kind: 'weekly',
  daysOfWeek: [7],
  startTime: '02:30',
  durationMinutes: 60,
  timeZone: 'Europe/Berlin',
  ...overrides,
});

describe('spansWithin', () => {
  it.each([
    // Berlin springs forward on Sunday 29 March 2026 at 02:00 → 03:00: 02:30 does not exist and moves to 03:30 CEST.
    [
      'Berlin, the Sunday before spring-forward (CET)',
      '2026-03-22T00:00:00Z',
      ['2026-03-22T01:30:00.000Z', '2026-03-22T02:30:00.000Z'],
    ],
    [
      'Berlin, the spring-forward Sunday (gap → 03:30 CEST)',
      '2026-03-29T00:00:00Z',
      ['2026-03-29T01:30:00.000Z', '2026-03-29T02:30:00.000Z'],
    ],
    [
      'Berlin, the Sunday after (CEST)',
      '2026-04-05T00:00:00Z',
      ['2026-04-05T00:30:00.000Z', '2026-04-05T01:30:00.000Z'],
    ],
    // Falls back on Sunday 25 October 2026 at 03:00 → 02:00: 02:30 happens twice; the earlier (CEST) is taken.
    [
      'Berlin, the fall-back Sunday (overlap → earlier)',
      '2026-10-25T00:00:00Z',
      ['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'],
    ],
    [
      'Berlin, the Sunday after fall-back (CET)',
      '2026-11-01T00:00:00Z',
      ['2026-11-01T01:30:00.000Z', '2026-11-01T02:30:00.000Z'],
    ],
  ])('%s', (_name, dayStart, expected) => {
    const spans = spansWithin(weekly({}), at(dayStart), at(dayStart) + 24 * 3600_000);
    expect(iso(spans)).toEqual([expected]);
  });

  it('Asia/Tehran keeps +03:30 all year (no DST since 2022), across the old 21/22 March change', () => {
    const schedule = weekly({ timeZone: 'Asia/Tehran', daysOfWeek: [6], startTime: '22:00', durationMinutes: 120 });
    const spans = spansWithin(schedule, at('2026-03-14T00:00:00Z'), at('2026-03-29T00:00:00Z'));
    expect(iso(spans)).toEqual([
      ['2026-03-14T18:30:00.000Z', '2026-03-14T20:30:00.000Z'],
      ['2026-03-21T18:30:00.000Z', '2026-03-21T20:30:00.000Z'],
      ['2026-03-28T18:30:00.000Z', '2026-03-28T20:30:00.000Z'],
    ]);
  });

  it('an occurrence across the fall-back hour lasts its elapsed duration', () => {
    const schedule = weekly({ daysOfWeek: [6], startTime: '23:00', durationMinutes: 300 });
    const [span] = spansWithin(schedule, at('2026-10-24T00:00:00Z'), at('2026-10-25T00:00:00Z'));
    expect(iso(span ? [span] : [])).toEqual([['2026-10-24T21:00:00.000Z', '2026-10-25T02:00:00.000Z']]);
  });

  it('includes an occurrence begun the day before the range and still running, whole', () => {
    const schedule = weekly({ timeZone: 'UTC', daysOfWeek: [1], startTime: '23:00', durationMinutes: 120 });
    // Monday 23 Nov 2026 23:00 → Tuesday 01:00.
    expect(iso(spansWithin(schedule, at('2026-11-24T00:00:00Z'), at('2026-11-24T12:00:00Z')))).toEqual([
      ['2026-11-23T23:00:00.000Z', '2026-11-24T01:00:00.000Z'],
    ]);
  });

  it('several days a week, in order; nothing for an empty or reversed range', () => {
    const schedule = weekly({ timeZone: 'UTC', daysOfWeek: [3, 1], startTime: '10:00', durationMinutes: 5 });
    expect(
      spansWithin(schedule, at('2026-11-23T00:00:00Z'), at('2026-11-30T00:00:00Z')).map((s) =>
        new Date(s.from).getUTCDay(),
      ),
    ).toEqual([1, 3]);
    expect(spansWithin(schedule, at('2026-11-24T00:00:00Z'), at('2026-11-24T00:00:00Z'))).toEqual([]);
  });

  it.each([
    ['overlapping', '2026-11-26T09:00:00Z', '2026-11-26T11:00:00Z', 1],
    ['ending at the range start (half-open)', '2026-11-26T10:00:00Z', '2026-11-26T11:00:00Z', 0],
    ['starting at the range end', '2026-11-26T08:00:00Z', '2026-11-26T09:00:00Z', 0],
  ])('a one-off window %s', (_name, from, to, count) => {
    const schedule: MaintenanceSchedule = {
      kind: 'once',
      startsAt: at('2026-11-26T09:00:00Z'),
      endsAt: at('2026-11-26T10:00:00Z'),
    };
    expect(spansWithin(schedule, at(from), at(to))).toHaveLength(count);
  });
});

describe('spanAt, isCovered, currentOrNext, clipSpans', () => {
  const schedule = weekly({ timeZone: 'UTC', daysOfWeek: [4], startTime: '10:00', durationMinutes: 60 });

  it.each([
    ['2026-11-26T09:59:59.999Z', false],
    ['2026-11-26T10:00:00.000Z', true],
    ['2026-11-26T10:59:59.999Z', true],
    ['2026-11-26T11:00:00.000Z', false],
  ])('at %s covered: %s', (time, covered) => {
    expect(spanAt(schedule, at(time)) !== null).toBe(covered);
    expect(isCovered(spansWithin(schedule, at('2026-11-20T00:00:00Z'), at('2026-12-01T00:00:00Z')), at(time))).toBe(
      covered,
    );
  });

  it('the ongoing occurrence, else the next; a past one-off window has none', () => {
    expect(currentOrNext(schedule, at('2026-11-26T10:30:00Z'))?.from).toBe(at('2026-11-26T10:00:00Z'));
    expect(currentOrNext(schedule, at('2026-11-26T11:00:00Z'))?.from).toBe(at('2026-12-03T10:00:00Z'));
    const once: MaintenanceSchedule = {
      kind: 'once',
      startsAt: at('2026-11-01T00:00:00Z'),
      endsAt: at('2026-11-02T00:00:00Z'),
    };
    expect(currentOrNext(once, at('2026-11-26T00:00:00Z'))).toBeNull();
    expect(
      currentOrNext(
        { ...once, startsAt: at('2026-12-01T00:00:00Z'), endsAt: at('2026-12-31T00:00:00Z') },
        at('2026-11-26T00:00:00Z'),
      ),
    ).toEqual({
      from: at('2026-12-01T00:00:00Z'),
      to: at('2026-12-31T00:00:00Z'),
    });
  });

  it('clipSpans cuts what lies before the moment and drops what is left empty', () => {
    expect(
      clipSpans(
        [
          { from: 0, to: 10 },
          { from: 20, to: 30 },
          { from: 2, to: 5 },
        ],
        5,
      ),
    ).toEqual([
      { from: 5, to: 10 },
      { from: 20, to: 30 },
    ]);
  });
});

describe('wall times in a zone', () => {
  it.each([
    ['2026-11-26T10:00', 'Asia/Tehran', '2026-11-26T06:30:00.000Z'],
    ['2026-03-29T02:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-07-01T12:00', 'Europe/Berlin', '2026-07-01T10:00:00.000Z'],
  ])('%s in %s is %s', (local, zone, instant) => {
    expect(new Date(wallTimeToInstant(local, zone) as number).toISOString()).toBe(instant);
  });

  it('round-trips, and refuses what is not a wall time', () => {
    expect(instantToWallTime(Date.parse('2026-11-26T06:30:00Z'), 'Asia/Tehran')).toBe('2026-11-26T10:00');
    expect(wallTimeToInstant('tomorrow', 'UTC')).toBeNull();
  });
});
