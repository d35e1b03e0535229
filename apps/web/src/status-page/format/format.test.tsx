// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { textsFor } from '../i18n/texts';
import { formatPageDate, formatPageDateTime, formatPageTime, formatPageTimeWithZone, pageDayOf } from './dates';
import { formatDuration } from './durations';
import { formatPercent, localDigits } from './numbers';

describe('digits', () => {
  it('writes Persian digits and decimal mark for fa, leaves en alone', () => {
    expect(localDigits('99.95 and 2026', 'fa')).toBe('۹۹٫۹۵ and ۲۰۲۶');
    expect(localDigits('99.95', 'en')).toBe('99.95');
  });
});

describe('percentages', () => {
  it.each([
    [100, 'en', '100%'],
    [99.999, 'en', '99.99%'],
    [99.5, 'en', '99.5%'],
    [0, 'en', '0%'],
    [99.95, 'fa', '۹۹٫۹۵٪'],
    [100, 'fa', '۱۰۰٪'],
  ] as const)('%s in %s is %s (cut, never rounded up to 100)', (value, language, text) => {
    expect(formatPercent(value, language)).toBe(text);
  });
});

describe('dates', () => {
  it('writes a page day in the Gregorian calendar for en', () => {
    expect(formatPageDate('2026-11-26', 'en')).toBe('Nov 26th, 2026');
  });

  it('writes a page day in the Jalali calendar, Persian month and digits, for fa', () => {
    // 26 Nov 2026 is 5 Azar 1405; 21 Mar 2026 is 1 Farvardin 1405 (Nowruz).
    expect(formatPageDate('2026-11-26', 'fa')).toBe('۵ آذر ۱۴۰۵');
    expect(formatPageDate('2026-03-21', 'fa')).toBe('۱ فروردین ۱۴۰۵');
    expect(formatPageDate('2026-03-20', 'fa')).toBe('۲۹ اسفند ۱۴۰۴');
  });

  it('leaves what is not a date as written', () => {
    expect(formatPageDate('not a date', 'en')).toBe('not a date');
  });

  it('writes times in the page’s zone', () => {
    const instant = '2026-11-26T20:45:00.000Z';
    expect(formatPageTime(instant, 'en', 'UTC')).toBe('20:45');
    expect(formatPageTime(instant, 'fa', 'Asia/Tehran')).toBe('۰۰:۱۵');
    // In Tehran it is already the next day: 6 Azar.
    expect(formatPageDateTime(instant, 'fa', 'Asia/Tehran')).toBe('۶ آذر ۱۴۰۵، ۰۰:۱۵');
    expect(formatPageDateTime(instant, 'en', 'America/New_York')).toBe('Nov 26th, 2026 15:45');
    expect(pageDayOf(instant, 'Asia/Tehran')).toBe('2026-11-27');
    expect(pageDayOf(instant, 'UTC')).toBe('2026-11-26');
  });

  it('names the zone beside a time read on its own, since a visitor may live elsewhere', () => {
    const instant = '2026-11-26T20:45:00.000Z';
    expect(formatPageTimeWithZone(instant, 'en', 'UTC')).toBe('20:45 UTC');
    expect(formatPageTimeWithZone(instant, 'en', 'Asia/Tehran')).toBe('00:15 GMT+3:30');
    expect(formatPageTimeWithZone(instant, 'en', 'America/New_York')).toBe('15:45 EST');
    expect(formatPageTimeWithZone(instant, 'fa', 'Asia/Tehran')).toBe('۰۰:۱۵ وقت ایران');
  });
});

describe('durations', () => {
  const en = textsFor('en');
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [90, '1 min 30 s'],
    [600, '10 min'],
    [5_400, '1 h 30 min'],
    [7_200, '2 h'],
  ])('%s s is %s', (seconds, text) => {
    expect(formatDuration(seconds, en, 'en')).toBe(text);
  });

  it('is Persian on a fa page', () => {
    expect(formatDuration(5_400, textsFor('fa'), 'fa')).toBe('۱ ساعت ۳۰ دقیقه');
  });
});
