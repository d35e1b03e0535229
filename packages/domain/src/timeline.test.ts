import { describe, expect, it } from 'vitest';
import type { DowntimeInterval } from './downtimes';
import { HOUR_MS, MINUTE_MS, SECOND_MS } from './time';
import { type TimelineStatus, uptimeTimeline } from './timeline';

const day = Date.UTC(2024, 2, 5);
const at = (hours: number, minutes = 0, seconds = 0) =>
  day + hours * HOUR_MS + minutes * MINUTE_MS + seconds * SECOND_MS;
const window = { start: day, end: day + 24 * HOUR_MS };

/** [status, from hour, to hour] with fractional hours; compact enough for a table. */
type Row = [TimelineStatus, number, number];
const hours = (ms: number) => (ms - day) / HOUR_MS;

describe('uptimeTimeline', () => {
  it.each<[string, DowntimeInterval[], number, number | null, Row[], number[]]>([
    ['never checked: all none', [], at(12), null, [['none', 0, 24]], []],
    [
      'up since midnight, no downtime',
      [],
      at(12),
      day,
      [
        ['up', 0, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'first check mid-morning',
      [],
      at(12),
      at(9),
      [
        ['none', 0, 9],
        ['up', 9, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'checked since before the day',
      [],
      at(12),
      day - 5 * HOUR_MS,
      [
        ['up', 0, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'one long downtime',
      [{ from: at(3), to: at(4) }],
      at(12),
      day,
      [
        ['up', 0, 3],
        ['down', 3, 4],
        ['up', 4, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'ongoing downtime runs to now',
      [{ from: at(10), to: null }],
      at(12),
      day,
      [
        ['up', 0, 10],
        ['down', 10, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'downtime from yesterday is cut at midnight',
      [{ from: day - HOUR_MS, to: at(1) }],
      at(12),
      day - 2 * HOUR_MS,
      [
        ['down', 0, 1],
        ['up', 1, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'a 299 s downtime is a mark',
      [{ from: at(6), to: at(6, 4, 59) }],
      at(12),
      day,
      [
        ['up', 0, 12],
        ['none', 12, 24],
      ],
      [at(6, 2, 29.5)],
    ],
    [
      'exactly 300 s is a segment',
      [{ from: at(6), to: at(6, 5) }],
      at(12),
      day,
      [
        ['up', 0, 6],
        ['down', 6, 6 + 5 / 60],
        ['up', 6 + 5 / 60, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'overlapping downtimes are joined before judging',
      [
        { from: at(6), to: at(6, 3) },
        { from: at(6, 2), to: at(6, 6) },
      ],
      at(12),
      day,
      [
        ['up', 0, 6],
        ['down', 6, 6.1],
        ['up', 6.1, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'only the part inside the window counts',
      [{ from: day - HOUR_MS, to: at(0, 1) }],
      at(12),
      day - 2 * HOUR_MS,
      [
        ['up', 0, 12],
        ['none', 12, 24],
      ],
      [at(0, 0, 30)],
    ],
    [
      'a downtime before the first check is not drawn',
      [{ from: at(1), to: at(2) }],
      at(12),
      at(3),
      [
        ['none', 0, 3],
        ['up', 3, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'marks and segments together, in order',
      [
        { from: at(20), to: at(21) },
        { from: at(2), to: at(2, 1) },
      ],
      at(23),
      day,
      [
        ['up', 0, 20],
        ['down', 20, 21],
        ['up', 21, 23],
        ['none', 23, 24],
      ],
      [at(2, 0, 30)],
    ],
    ['a past day is observed to its end', [], at(30), day, [['up', 0, 24]], []],
    ['a day not begun yet', [], day - HOUR_MS, day - 2 * HOUR_MS, [['none', 0, 24]], []],
    [
      'down at the very end',
      [{ from: at(22), to: null }],
      at(24),
      day,
      [
        ['up', 0, 22],
        ['down', 22, 24],
      ],
      [],
    ],
  ])('%s', (_name, downtimes, now, since, expected, markTimes) => {
    const { segments, marks } = uptimeTimeline(downtimes, window, now, since);
    expect(segments.map((s) => [s.status, hours(s.from), hours(s.to)])).toEqual(
      expected.map(([status, from, to]) => [status, expect.closeTo(from, 9), expect.closeTo(to, 9)]),
    );
    expect(marks.map((mark) => mark.at)).toEqual(markTimes);
  });

  it('places each segment and mark as a share of the window, covering it exactly', () => {
    const { segments, marks } = uptimeTimeline(
      [
        { from: at(6), to: at(12) },
        { from: at(18), to: at(18, 2) },
      ],
      window,
      at(21),
      day,
    );
    expect(segments.map((s) => [s.status, s.offset, s.width])).toEqual([
      ['up', 0, 0.25],
      ['down', 0.25, 0.25],
      ['up', 0.5, 0.375],
      ['none', 0.875, 0.125],
    ]);
    expect(segments.reduce((sum, s) => sum + s.width, 0)).toBe(1);
    expect(marks).toEqual([{ at: at(18, 1), offset: (18 + 1 / 60) / 24, seconds: 120 }]);
  });

  it('gives nothing for an empty window', () => {
    expect(uptimeTimeline([], { start: day, end: day }, at(1), day)).toEqual({ segments: [], marks: [] });
  });
});

describe('uptimeTimeline with paused spans', () => {
  it.each<[string, DowntimeInterval[], DowntimeInterval[], number, Row[], number[]]>([
    [
      'down, then paused (the downtime suspended at the pause), still paused now',
      [{ from: at(10), to: at(10, 12) }],
      [{ from: at(10, 12), to: null }],
      at(12),
      [
        ['up', 0, 10],
        ['down', 10, 10.2],
        ['paused', 10.2, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'paused an hour, then up again',
      [],
      [{ from: at(6), to: at(7) }],
      at(12),
      [
        ['up', 0, 6],
        ['paused', 6, 7],
        ['up', 7, 12],
        ['none', 12, 24],
      ],
      [],
    ],
    [
      'a short downtime just before a pause stays a mark',
      [{ from: at(5, 58), to: at(6) }],
      [{ from: at(6), to: at(7) }],
      at(12),
      [
        ['up', 0, 6],
        ['paused', 6, 7],
        ['up', 7, 12],
        ['none', 12, 24],
      ],
      [at(5, 59)],
    ],
    [
      'a pause before the first check is not drawn',
      [],
      [{ from: at(1), to: at(2) }],
      at(12),
      [
        ['none', 0, 3],
        ['up', 3, 12],
        ['none', 12, 24],
      ],
      [],
    ],
  ])('%s', (_name, downtimes, paused, now, expected, markTimes) => {
    const since = _name.includes('first check') ? at(3) : day;
    const { segments, marks } = uptimeTimeline(downtimes, window, now, since, paused);
    expect(segments.map((s) => [s.status, hours(s.from), hours(s.to)])).toEqual(
      expected.map(([status, from, to]) => [status, expect.closeTo(from, 9), expect.closeTo(to, 9)]),
    );
    expect(marks.map((mark) => mark.at)).toEqual(markTimes);
  });
});
