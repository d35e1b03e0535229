import { describe, expect, it } from 'vitest';
import { localDateOf, localDateSpan, localDay, localDayStart, readerDays } from './local-day';

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
