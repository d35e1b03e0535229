import { describe, expect, it } from 'vitest';
import { alertTime, formatInstant, type InstantStyle, localDateTime, ordinal } from './local-time';

describe('localDateTime', () => {
  it.each([
    ['2026-11-26T11:05:12.000Z', 'Asia/Tehran', '2026-11-26 14:35:12'],
    ['2026-11-26T11:05:12.000Z', 'UTC', '2026-11-26 11:05:12'],
    ['2026-11-26T11:05:12.000Z', 'Europe/Berlin', '2026-11-26 12:05:12'],
    ['2026-07-01T11:05:12.000Z', 'Europe/Berlin', '2026-07-01 13:05:12'],
    ['2026-11-26T22:30:00.000Z', 'Asia/Tehran', '2026-11-27 02:00:00'],
    ['2026-11-26T00:00:00.000Z', 'America/Los_Angeles', '2026-11-25 16:00:00'],
    ['2026-11-26T11:00:00.000Z', 'Asia/Kathmandu', '2026-11-26 16:45:00'],
    ['2026-11-25T23:59:59.000Z', 'UTC', '2026-11-25 23:59:59'],
  ])('%s in %s is %s', (instant, zone, shown) => {
    expect(localDateTime(instant, zone)).toBe(shown);
  });

  it('writes midnight as 00, never 24', () => {
    expect(localDateTime('2026-11-25T20:30:00.000Z', 'Asia/Tehran')).toBe('2026-11-26 00:00:00');
  });

  it('gives nothing for an instant that is not one', () => {
    expect(localDateTime('not a time', 'UTC')).toBe('');
  });

  it.each([
    // 1 Farvardin 1405 (Nowruz) began at local midnight, 20 March 2026 20:30 UTC.
    ['2026-03-20T20:30:00.000Z', '1405-01-01 00:00:00'],
    ['2026-03-20T20:29:59.000Z', '1404-12-29 23:59:59'],
    ['2026-11-26T11:05:12.000Z', '1405-09-05 14:35:12'],
  ])('in the Jalali calendar, %s in Tehran is %s', (instant, shown) => {
    expect(localDateTime(instant, 'Asia/Tehran', 'jalali')).toBe(shown);
  });
});

describe('formatInstant', () => {
  const berlin = { timeZone: 'Europe/Berlin', calendar: 'gregorian' } as const;
  const tehranJalali = { timeZone: 'Asia/Tehran', calendar: 'jalali' } as const;
  const instant = '2025-03-05T13:03:09.000Z';

  it.each<[InstantStyle, string, string]>([
    ['date-time', 'Mar 5th, 14:03:09', 'Esfand 15th, 16:33:09'],
    ['day-time', 'Mar 5th, 14:03', 'Esfand 15th, 16:33'],
    ['day', 'Mar 5th, 2025', 'Esfand 15th, 1403'],
    ['month', 'Mar 2025', 'Esfand 1403'],
    ['numeric-date', '2025/03/05', '1403/12/15'],
    ['numeric-date-time', '2025/03/05 - 14:03', '1403/12/15 - 16:33'],
    ['iso-date-time', '2025-03-05 14:03:09', '1403-12-15 16:33:09'],
    ['time', '14:03:09', '16:33:09'],
    ['hour-minute', '14:03', '16:33'],
  ])('%s: Berlin Gregorian %s, Tehran Jalali %s', (style, gregorian, jalali) => {
    expect(formatInstant(instant, berlin, style)).toBe(gregorian);
    expect(formatInstant(instant, tehranJalali, style)).toBe(jalali);
  });

  it('follows daylight saving in Berlin: the clock jumps from 02:00 to 03:00 on 29 March 2026', () => {
    expect(formatInstant('2026-03-29T00:59:59.000Z', berlin, 'date-time')).toBe('Mar 29th, 01:59:59');
    expect(formatInstant('2026-03-29T01:00:00.000Z', berlin, 'date-time')).toBe('Mar 29th, 03:00:00');
    expect(formatInstant('2026-10-25T00:30:00.000Z', berlin, 'time')).toBe('02:30:00');
    expect(formatInstant('2026-10-25T01:30:00.000Z', berlin, 'time')).toBe('02:30:00');
  });

  it('writes the local date, not the UTC one, near midnight', () => {
    expect(formatInstant('2026-11-25T21:00:00.000Z', tehranJalali, 'numeric-date')).toBe('1405/09/05');
    expect(formatInstant('2026-11-25T21:00:00.000Z', { ...tehranJalali, calendar: 'gregorian' }, 'day')).toBe(
      'Nov 26th, 2026',
    );
  });

  it('throws for a zone the runtime does not know', () => {
    expect(() => formatInstant(instant, { timeZone: 'Mars/Olympus_Mons', calendar: 'gregorian' }, 'time')).toThrow(
      RangeError,
    );
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [31, '31st'],
  ])('%i is %s', (day, text) => {
    expect(ordinal(day)).toBe(text);
  });
});

describe('alertTime', () => {
  it.each([
    ['Asia/Tehran', '2026-11-26 14:35:12 (Asia/Tehran)'],
    ['Europe/London', '2026-11-26 11:05:12 (Europe/London)'],
    [undefined, '2026-11-26 11:05:12 (UTC)'],
    ['Mars/Olympus_Mons', '2026-11-26 11:05:12 (UTC)'],
  ])('in %s reads %s', (zone, shown) => {
    expect(alertTime('2026-11-26T11:05:12.000Z', zone)).toBe(shown);
  });

  it('writes the Jalali date when the owner reads that calendar', () => {
    expect(alertTime('2026-11-26T11:05:12.000Z', 'Asia/Tehran', 'jalali')).toBe('1405-09-05 14:35:12 (Asia/Tehran)');
  });
});
