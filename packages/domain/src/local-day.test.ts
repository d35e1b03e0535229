import { describe, expect, it } from 'vitest';
import {
  localDateOf,
  localDateSpan,
  localDay,
  localDayStart,
  localHourStart,
  localHours,
  readerDays,
} from './local-day';

const at = (iso: string) => Date.parse(iso);

describe('localDayStart', () => {
  it.each([
    ['2026-11-26T11:05:00Z', 'Asia/Tehran', '2026-11-25T20:30:00.000Z'],
    ['2026-11-26T20:29:59Z', 'Asia/Tehran', '2026-11-25T20:30:00.000Z'],
    ['2026-11-26T20:30:00Z', 'Asia/Tehran', '2026-11-26T20:30:00.000Z'],
    ['2026-11-26T11:05:00Z', 'UTC', '2026-11-26T00:00:00.000Z'],
    ['2026-11-26T03:00:00Z', 'America/New_York', '2026-11-25T05:00:00.000Z'],
    ['2026-07-01T12:00:00Z', 'Europe/Berlin', '2026-06-30T22:00:00.000Z'],
    ['2026-12-01T12:00:00Z', 'Europe/Berlin', '2026-11-30T23:00:00.000Z'],
  ])('%s in %s began at %s', (instant, zone, start) => {
    expect(new Date(localDayStart(at(instant), zone)).toISOString()).toBe(start);
  });
});

describe('localDay', () => {
  it('is 23 hours on the day Berlin moves its clocks forward and 25 on the day it moves them back', () => {
    const spring = localDay(at('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = localDay(at('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });

  it('is 24 hours in Tehran, which keeps no daylight saving', () => {
    const day = localDay(at('2026-06-01T12:00:00Z'), 'Asia/Tehran');
    expect(new Date(day.start).toISOString()).toBe('2026-05-31T20:30:00.000Z');
    expect(day.end - day.start).toBe(86_400_000);
  });
});

describe('calendar dates in a zone', () => {
  const date = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

  it('names the date an instant falls on by its 00:00 UTC', () => {
    expect(localDateOf(at('2026-11-26T20:29:59Z'), 'Asia/Tehran')).toBe(date('2026-11-26'));
    expect(localDateOf(at('2026-11-26T20:30:00Z'), 'Asia/Tehran')).toBe(date('2026-11-27'));
    expect(localDateOf(at('2026-11-26T03:00:00Z'), 'America/New_York')).toBe(date('2026-11-25'));
  });

  it("spans a date's own hours: 24 in Tehran, 23 and 25 on Berlin's changes", () => {
    const tehran = localDateSpan(date('2026-11-27'), 'Asia/Tehran');
    expect([new Date(tehran.start).toISOString(), new Date(tehran.end).toISOString()]).toEqual([
      '2026-11-26T20:30:00.000Z',
      '2026-11-27T20:30:00.000Z',
    ]);
    const spring = localDateSpan(date('2026-03-29'), 'Europe/Berlin');
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    const autumn = localDateSpan(date('2026-10-25'), 'Europe/Berlin');
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
  });

  it('are UTC days for a reader without a zone', () => {
    const days = readerDays(undefined);
    expect(days.dateOf(at('2026-11-26T23:59:59Z'))).toBe(date('2026-11-26'));
    expect(days.spanOf(date('2026-11-26'))).toEqual({ start: date('2026-11-26'), end: date('2026-11-27') });
    expect(readerDays('Asia/Tehran').spanOf(date('2026-11-27')).start).toBe(at('2026-11-26T20:30:00Z'));
  });
});

describe('every real zone cuts its days and hours on a UTC quarter hour (the rollups)', () => {
  const QUARTER = 15 * 60_000;
  // Today's rules: a date in each season of 2026 meets each zone's winter and summer offsets.
  const dates = [0, 3, 6, 9].map((month) => Date.UTC(2026, month, 1));
  // About 400 zones × 4 dates: seconds on a busy machine, not a timing.
  it('holds for each zone the runtime knows', { timeout: 60_000 }, () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    const offQuarter: string[] = [];
    for (const zone of zones) {
      for (const date of dates) {
        const day = localDateSpan(date, zone);
        if (day.start % QUARTER !== 0 || day.end % QUARTER !== 0) offQuarter.push(`${zone} ${date}`);
        if (localHourStart(day.start + 5 * 3_600_000 + 60_000, zone) % QUARTER !== 0) offQuarter.push(`${zone} hour`);
      }
    }
    expect(offQuarter).toEqual([]);
  });
});

describe('localHourStart', () => {
  it.each([
    ['2026-12-01T20:40:00Z', 'Asia/Tehran', '2026-12-01T20:30:00.000Z'], // 00:10 Tehran
    ['2026-12-01T20:29:00Z', 'Asia/Tehran', '2026-12-01T19:30:00.000Z'], // 23:59 Tehran
    ['2026-12-01T18:25:00Z', 'Asia/Kathmandu', '2026-12-01T18:15:00.000Z'], // 00:10 Kathmandu
    ['2026-12-01T18:50:00Z', 'Asia/Kolkata', '2026-12-01T18:30:00.000Z'], // 00:20 India
    ['2026-12-01T03:40:00Z', 'America/St_Johns', '2026-12-01T03:30:00.000Z'], // 00:10 St John's (−03:30)
    ['2026-12-01T05:10:00Z', 'America/New_York', '2026-12-01T05:00:00.000Z'],
    ['2026-12-01T05:10:00Z', 'UTC', '2026-12-01T05:00:00.000Z'],
  ])('%s in %s: the local hour began at %s', (instant, zone, start) => {
    expect(new Date(localHourStart(at(instant), zone)).toISOString()).toBe(start);
  });
});

describe('localHours', () => {
  const hoursOfDay = (isoDate: string, zone: string) => {
    const day = localDateSpan(Date.parse(`${isoDate}T00:00:00Z`), zone);
    return localHours(day.start, day.end, zone);
  };

  it.each([
    ['2026-12-02', 'Asia/Tehran', 24, '2026-12-01T20:30:00.000Z'],
    ['2026-12-02', 'Asia/Kathmandu', 24, '2026-12-01T18:15:00.000Z'],
    ['2026-12-02', 'America/St_Johns', 24, '2026-12-02T03:30:00.000Z'],
    ['2026-03-08', 'America/New_York', 23, '2026-03-08T05:00:00.000Z'],
    ['2026-11-01', 'America/New_York', 25, '2026-11-01T04:00:00.000Z'],
    ['2026-03-29', 'Europe/Berlin', 23, '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', 'Europe/Berlin', 25, '2026-10-24T22:00:00.000Z'],
  ])('%s in %s has %i local hours, the first from %s, each an hour, back to back', (date, zone, count, first) => {
    const hours = hoursOfDay(date, zone);
    expect(hours).toHaveLength(count);
    expect(new Date(hours[0]?.start ?? 0).toISOString()).toBe(first);
    for (const [index, hour] of hours.entries()) {
      expect(hour.end - hour.start).toBe(3_600_000);
      if (index > 0) expect(hour.start).toBe(hours[index - 1]?.end);
    }
  });

  it('starts with the local hour `from` is in', () => {
    const hours = localHours(at('2026-12-01T20:40:00Z'), at('2026-12-01T21:40:00Z'), 'Asia/Tehran');
    expect(hours.map((hour) => new Date(hour.start).toISOString())).toEqual([
      '2026-12-01T20:30:00.000Z',
      '2026-12-01T21:30:00.000Z',
    ]);
  });
});
