import { describe, expect, it } from 'vitest';
import {
  clipDowntimes,
  type DowntimeInterval,
  downtimeDurationSeconds,
  downtimeRows,
  downtimeSecondsByDay,
  downtimeSecondsIn,
  effectiveWindow,
  isShortDowntime,
  mergeDowntimes,
  pauseRows,
} from './downtimes';
import { readerDays } from './local-day';

const at = (iso: string) => Date.parse(iso);
const d = (from: string, to: string | null): DowntimeInterval => ({
  from: new Date(from),
  to: to === null ? null : new Date(to),
});
const day = { start: at('2024-03-05T00:00:00Z'), end: at('2024-03-06T00:00:00Z') };
const afterDay = at('2024-03-07T12:00:00Z');

describe('isShortDowntime', () => {
  it.each([
    [0, true],
    [299, true],
    [300, false],
    [3600, false],
  ])('%d s → %s', (seconds, short) => {
    expect(isShortDowntime(seconds)).toBe(short);
  });
});

describe('downtimeDurationSeconds', () => {
  it.each([
    [d('2024-03-05T10:00:00Z', '2024-03-05T10:07:00Z'), afterDay, 420],
    [d('2024-03-05T10:00:00Z', '2024-03-05T10:00:01.600Z'), afterDay, 2],
    [d('2024-03-05T10:00:00Z', null), at('2024-03-05T10:05:30Z'), 330],
    [d('2024-03-05T10:00:00Z', null), at('2024-03-05T09:00:00Z'), 0], // now before the start: nothing yet
  ])('%o at %d → %d s', (interval, now, seconds) => {
    expect(downtimeDurationSeconds(interval, now)).toBe(seconds);
  });
});

describe('mergeDowntimes', () => {
  it.each([
    ['nothing', [], afterDay, []],
    [
      'sorts and keeps apart',
      [d('2024-03-05T12:00:00Z', '2024-03-05T12:10:00Z'), d('2024-03-05T10:00:00Z', '2024-03-05T10:05:00Z')],
      afterDay,
      [
        { from: at('2024-03-05T10:00:00Z'), to: at('2024-03-05T10:05:00Z') },
        { from: at('2024-03-05T12:00:00Z'), to: at('2024-03-05T12:10:00Z') },
      ],
    ],
    [
      'joins overlapping and touching',
      [
        d('2024-03-05T10:00:00Z', '2024-03-05T10:05:00Z'),
        d('2024-03-05T10:03:00Z', '2024-03-05T10:08:00Z'),
        d('2024-03-05T10:08:00Z', '2024-03-05T10:09:00Z'),
        d('2024-03-05T10:01:00Z', '2024-03-05T10:02:00Z'),
      ],
      afterDay,
      [{ from: at('2024-03-05T10:00:00Z'), to: at('2024-03-05T10:09:00Z') }],
    ],
    [
      'ends an ongoing one at now and drops empty ones',
      [d('2024-03-05T10:00:00Z', null), d('2024-03-05T08:00:00Z', '2024-03-05T08:00:00Z')],
      at('2024-03-05T10:30:00Z'),
      [{ from: at('2024-03-05T10:00:00Z'), to: at('2024-03-05T10:30:00Z') }],
    ],
  ])('%s', (_name, intervals, now, spans) => {
    expect(mergeDowntimes(intervals, now)).toEqual(spans);
  });
});

describe('effectiveWindow', () => {
  it.each([
    [day, afterDay, { from: day.start, to: day.end }],
    [day, at('2024-03-05T15:00:00Z'), { from: day.start, to: at('2024-03-05T15:00:00Z') }],
    [day, at('2024-03-04T15:00:00Z'), null],
    [day, day.start, null],
  ])('%o at %d → %o', (window, now, span) => {
    expect(effectiveWindow(window, now)).toEqual(span);
  });
});

describe('clipDowntimes and downtimeSecondsIn', () => {
  it.each([
    ['a 7-minute outage, exact to the second', [d('2024-03-05T10:00:00Z', '2024-03-05T10:07:00Z')], afterDay, 420],
    ['one crossing the window start', [d('2024-03-04T23:58:00Z', '2024-03-05T00:03:00Z')], afterDay, 180],
    ['one crossing the window end', [d('2024-03-05T23:59:00Z', '2024-03-06T00:10:00Z')], afterDay, 60],
    ['one covering the window', [d('2024-03-04T00:00:00Z', '2024-03-07T00:00:00Z')], afterDay, 86_400],
    ['one outside', [d('2024-03-04T10:00:00Z', '2024-03-04T11:00:00Z')], afterDay, 0],
    ['an ongoing one today', [d('2024-03-05T09:00:00Z', null)], at('2024-03-05T09:30:15Z'), 1815],
    [
      'overlaps counted once',
      [d('2024-03-05T10:00:00Z', '2024-03-05T10:10:00Z'), d('2024-03-05T10:05:00Z', '2024-03-05T10:12:00Z')],
      afterDay,
      720,
    ],
    ['a window not begun yet', [d('2024-03-05T10:00:00Z', null)], at('2024-03-04T10:00:00Z'), 0],
  ])('%s', (_name, intervals, now, seconds) => {
    expect(downtimeSecondsIn(intervals, day, now)).toBe(seconds);
  });

  it('cuts spans to the window', () => {
    expect(clipDowntimes([d('2024-03-04T23:58:00Z', '2024-03-05T00:03:00Z')], day, afterDay)).toEqual([
      { from: day.start, to: at('2024-03-05T00:03:00Z') },
    ]);
  });
});

describe('downtimeSecondsByDay', () => {
  it.each([
    ['none', [], afterDay, []],
    [
      'one across midnight',
      [d('2024-03-04T23:50:00Z', '2024-03-05T00:20:00Z')],
      afterDay,
      [
        ['2024-03-04T00:00:00Z', 600],
        ['2024-03-05T00:00:00Z', 1200],
      ],
    ],
    [
      'two on one day, one ongoing',
      [d('2024-03-06T01:00:00Z', '2024-03-06T01:01:00Z'), d('2024-03-06T02:00:00Z', null)],
      at('2024-03-06T02:00:30Z'),
      [['2024-03-06T00:00:00Z', 90]],
    ],
  ])('%s', (_name, intervals, now, days) => {
    const window = { start: at('2024-03-01T00:00:00Z'), end: at('2024-04-01T00:00:00Z') };
    const expected = new Map((days as [string, number][]).map(([key, seconds]) => [at(key), seconds]));
    expect(downtimeSecondsByDay(intervals, window, now)).toEqual(expected);
  });

  it("splits at the reader's midnights, keyed by their local dates", () => {
    // 20:00–21:00 UTC is 23:30–00:30 in Tehran: half on the 5th, half on the 6th.
    const spans = [d('2024-03-05T20:00:00Z', '2024-03-05T21:00:00Z')];
    const window = { start: at('2024-03-01T00:00:00Z'), end: at('2024-04-01T00:00:00Z') };
    expect(downtimeSecondsByDay(spans, window, afterDay, readerDays('Asia/Tehran'))).toEqual(
      new Map([
        [at('2024-03-05T00:00:00Z'), 1800],
        [at('2024-03-06T00:00:00Z'), 1800],
      ]),
    );
  });
});

describe('pauseRows', () => {
  it('lists the paused spans touching the window, newest first, an open one running to now', () => {
    const spans = [d('2024-03-04T10:00:00Z', '2024-03-04T11:00:00Z'), d('2024-03-05T10:12:00Z', null)];
    expect(pauseRows(spans, day, at('2024-03-05T10:33:00Z'))).toEqual([
      { from_time: '2024-03-05T10:12:00.000Z', to_time: null, duration: 1260 },
    ]);
  });
});

describe('downtimeRows', () => {
  it('lists the downtimes touching the window, newest first, uncut', () => {
    const intervals = [
      d('2024-03-04T10:00:00Z', '2024-03-04T10:05:00Z'),
      d('2024-03-04T23:58:00Z', '2024-03-05T00:03:00Z'),
      { ...d('2024-03-05T15:00:00Z', null), reason: 'Keyword "Error" found' },
    ];
    expect(downtimeRows(intervals, day, at('2024-03-05T15:02:00Z'))).toEqual([
      {
        from_time: '2024-03-05T15:00:00.000Z',
        to_time: null,
        duration: 120,
        ended_by: null,
        reason: 'Keyword "Error" found',
      },
      {
        from_time: '2024-03-04T23:58:00.000Z',
        to_time: '2024-03-05T00:03:00.000Z',
        duration: 300,
        ended_by: 'recovery',
        reason: null,
      },
    ]);
  });

  it("says a downtime the monitor's pause ended was ended by the pause, not by a recovery", () => {
    const suspended = { ...d('2024-03-05T10:00:00Z', '2024-03-05T10:12:00Z'), endedBy: 'pause' as const };
    expect(downtimeRows([suspended], day, at('2024-03-05T10:33:00Z'))).toEqual([
      {
        from_time: '2024-03-05T10:00:00.000Z',
        to_time: '2024-03-05T10:12:00.000Z',
        duration: 720,
        ended_by: 'pause',
        reason: null,
      },
    ]);
  });

  it('is empty for a window that has not begun', () => {
    expect(downtimeRows([d('2024-03-05T15:00:00Z', null)], day, at('2024-03-04T00:00:00Z'))).toEqual([]);
  });
});
