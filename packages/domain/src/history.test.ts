import { describe, expect, it } from 'vitest';
import {
  checkHistoryDay,
  type DayCheck,
  daysAgo,
  EARLIEST_DAY,
  formatDayKey,
  formatDayParam,
  isWithinHistory,
  minimumCalendarDay,
  parseDay,
} from './history';

const at = (iso: string) => Date.parse(iso);
const now = at('2024-03-12T15:30:00Z');

describe('parseDay', () => {
  it.each([
    ['2024-03-05', '2024-03-05T00:00:00Z'],
    ['2024-03-5', '2024-03-05T00:00:00Z'],
    ['2024-3-5', '2024-03-05T00:00:00Z'],
    ['2024-12-31', '2024-12-31T00:00:00Z'],
    ['2024-02-29', '2024-02-29T00:00:00Z'],
    ['2018-11-5', '2018-11-05T00:00:00Z'],
  ])('%s → %s', (text, start) => {
    expect(parseDay(text)).toBe(at(start));
  });

  it.each([
    '',
    '2024',
    '2024-03',
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-03-00',
    '2024-003-05',
    '24-03-05',
    ' 2024-03-05',
    '2024-03-05T00:00',
    '2024/03/05',
    'yyyy-MM-d',
  ])('%j → null', (text) => {
    expect(parseDay(text)).toBeNull();
  });
});

describe('formatDayParam / formatDayKey', () => {
  it.each([
    ['2024-03-05T23:59:59Z', '2024-03-5', '2024-03-05'],
    ['2024-11-25T00:00:00Z', '2024-11-25', '2024-11-25'],
    ['2024-03-05T23:30:00-01:00', '2024-03-6', '2024-03-06'], // UTC day, not local
  ])('%s → %s and %s', (instant, param, key) => {
    expect(formatDayParam(at(instant))).toBe(param);
    expect(formatDayKey(new Date(instant))).toBe(key);
    expect(parseDay(param)).toBe(parseDay(key));
  });
});

describe('minimumCalendarDay', () => {
  it.each([
    [null, '2018-11-05T00:00:00Z'],
    ['2017-01-01T10:00:00Z', '2018-11-05T00:00:00Z'],
    ['2018-11-05T10:00:00Z', '2018-11-05T00:00:00Z'],
    ['2024-03-05T13:45:00Z', '2024-03-05T00:00:00Z'],
  ])('created %s → %s', (created, minimum) => {
    expect(minimumCalendarDay(created === null ? null : at(created))).toBe(at(minimum));
  });

  it('is 5 Nov 2018', () => {
    expect(new Date(EARLIEST_DAY).toISOString()).toBe('2018-11-05T00:00:00.000Z');
  });
});

describe('daysAgo / isWithinHistory', () => {
  it.each([
    ['2024-03-12T00:00:00Z', 7, 0, true],
    ['2024-03-11T23:59:59Z', 7, 1, true],
    ['2024-03-05T00:00:00Z', 7, 7, true],
    ['2024-03-04T23:59:59Z', 7, 8, false],
    ['2024-03-13T00:00:00Z', 7, -1, false],
    ['2024-03-11T00:00:00Z', 0, 1, false],
    ['2024-03-12T08:00:00Z', 0, 0, true],
    ['2023-12-13T00:00:00Z', 90, 90, true],
    ['2023-12-12T00:00:00Z', 90, 91, false],
  ])('%s with %d days of history → %d days ago, within: %s', (day, historyDays, age, within) => {
    expect(daysAgo(at(day), now)).toBe(age);
    expect(isWithinHistory(at(day), historyDays, now)).toBe(within);
  });
});

describe('checkHistoryDay', () => {
  it.each<[string, number, string | null, DayCheck]>([
    ['2024-03-12', 7, null, 'ok'],
    ['2024-3-5', 7, null, 'ok'],
    ['2024-03-4', 7, null, 'beyond-history'],
    ['2024-03-13', 7, null, 'future'],
    ['2024-02-30', 7, null, 'invalid'],
    ['nonsense', 7, null, 'invalid'],
    ['2018-11-4', 5000, null, 'before-minimum'],
    ['2018-11-5', 5000, null, 'ok'],
    ['2024-03-09', 7, '2024-03-10T12:00:00Z', 'before-minimum'],
    ['2024-03-10', 7, '2024-03-10T12:00:00Z', 'ok'], // the creation day itself is offered
  ])('%s, %d days, created %s → %s', (day, historyDays, created, check) => {
    expect(checkHistoryDay({ day, now, historyDays, creationTime: created === null ? null : at(created) })).toBe(check);
  });
});

describe('checkHistoryDay in the reader’s zone', () => {
  // 22:00 UTC on 12 March 2024 is already 13 March in Tehran (UTC+3:30).
  const lateEvening = at('2024-03-12T22:00:00Z');
  const check = (day: string, created: string | null, timeZone?: string) =>
    checkHistoryDay({
      day,
      now: lateEvening,
      historyDays: 7,
      creationTime: created === null ? null : at(created),
      timeZone,
    });

  it("counts today, the plan's history and the creation day in local dates", () => {
    expect(check('2024-03-13', null, 'Asia/Tehran')).toBe('ok');
    expect(check('2024-03-13', null)).toBe('future');
    expect(check('2024-03-06', null, 'Asia/Tehran')).toBe('ok');
    expect(check('2024-03-05', null, 'Asia/Tehran')).toBe('beyond-history');
    expect(check('2024-03-05', null)).toBe('ok');
    // Created at 21:00 UTC on the 10th: the 11th in Tehran, so the 10th is before it there.
    expect(check('2024-03-10', '2024-03-10T21:00:00Z', 'Asia/Tehran')).toBe('before-minimum');
    expect(check('2024-03-10', '2024-03-10T21:00:00Z')).toBe('ok');
  });
});
