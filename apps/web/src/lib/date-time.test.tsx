import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatTransactionTime, utcSettings } from './date-time';

/** The one formatter of dates on screen (issue 15): the reader's zone and calendar, spec §9's shapes. */
const tehranJalali = { timeZone: 'Asia/Tehran', calendar: 'jalali' } as const;
const berlin = { timeZone: 'Europe/Berlin', calendar: 'gregorian' } as const;

describe('formatTime', () => {
  it('writes spec §9 dates in the reader’s zone and calendar', () => {
    expect(formatDateTime('2026-11-26T11:05:12Z', berlin)).toBe('Nov 26th, 12:05:12');
    expect(formatDateTime('2026-11-26T11:05:12Z', tehranJalali)).toBe('Azar 5th, 14:35:12');
  });

  it('writes the billing shapes (spec §2 Finance) in either calendar', () => {
    expect(formatTransactionTime('2026-11-26T11:05:12Z', berlin)).toBe('2026/11/26 - 12:05');
    expect(formatTransactionTime('2026-11-26T11:05:12Z', tehranJalali)).toBe('1405/09/05 - 14:35');
    expect(formatDate('2026-11-26T21:00:00Z', tehranJalali)).toBe('1405/09/06');
    expect(formatDate('2026-11-26T21:00:00Z', berlin)).toBe('2026/11/26');
  });

  it('follows Berlin across daylight saving', () => {
    expect(formatTime('2026-10-25T00:59:00Z', berlin, 'hour-minute')).toBe('02:59');
    expect(formatTime('2026-10-25T01:00:00Z', berlin, 'hour-minute')).toBe('02:00');
    expect(formatTime('2026-03-29T01:00:00Z', berlin, 'hour-minute')).toBe('03:00');
  });

  it('writes a past (UTC) day in UTC, in the reader’s calendar', () => {
    expect(formatTime(Date.UTC(2025, 2, 5), utcSettings('jalali'), 'day')).toBe('Esfand 15th, 1403');
    expect(formatTime(Date.UTC(2025, 2, 5), utcSettings('gregorian'), 'day')).toBe('Mar 5th, 2025');
  });

  it('falls back to the browser’s zone for a zone the browser does not know, and writes nothing for a non-instant', () => {
    expect(formatTime('2026-11-26T11:05:12Z', { timeZone: 'Mars/Olympus_Mons', calendar: 'gregorian' })).toMatch(
      /^Nov 2\dth, \d\d:05:12$/,
    );
    expect(formatTime('not a time', berlin)).toBe('');
  });
});
