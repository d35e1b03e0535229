import { describe, expect, it } from 'vitest';
import { calendarMonth, weekdayNames } from './calendar-month';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('calendarMonth', () => {
  it('gives the Jalali month a Gregorian day falls in: Azar 1405 runs 22 Nov to 21 Dec 2026', () => {
    const month = calendarMonth(day('2026-11-26'), 'jalali');
    expect(month.title).toBe('Azar 1405');
    expect(month.days).toHaveLength(30);
    expect(iso(month.days[0] as number)).toBe('2026-11-22');
    expect(iso(month.days.at(-1) as number)).toBe('2026-12-21');
    // 22 Nov 2026 is a Sunday: one blank (Saturday) before it in an Iranian week.
    expect(month.leadingBlanks).toBe(1);
    expect(iso(month.previous)).toBe('2026-10-23'); // 1 Aban 1405
    expect(iso(month.next)).toBe('2026-12-22'); // 1 Dey 1405
  });

  it('has 31-day months in the first half of the Jalali year and a 29- or 30-day Esfand', () => {
    expect(calendarMonth(day('2026-04-10'), 'jalali').days).toHaveLength(31); // Farvardin 1405
    // Esfand 1403 (2025) had 30 days (1403 is a leap year); Esfand 1404 has 29.
    expect(calendarMonth(day('2025-03-10'), 'jalali').days).toHaveLength(30);
    expect(calendarMonth(day('2026-03-10'), 'jalali').days).toHaveLength(29);
  });

  it('crosses the Jalali new year at Nowruz', () => {
    const esfand = calendarMonth(day('2026-03-10'), 'jalali');
    const farvardin = calendarMonth(esfand.next, 'jalali');
    expect(farvardin.title).toBe('Farvardin 1405');
    expect(iso(farvardin.days[0] as number)).toBe('2026-03-21');
    expect(calendarMonth(farvardin.previous, 'jalali').title).toBe('Esfand 1404');
  });

  it('gives Gregorian months with weeks from Monday', () => {
    const month = calendarMonth(day('2026-02-14'), 'gregorian');
    expect(month.title).toBe('Feb 2026');
    expect(month.days).toHaveLength(28);
    expect(month.leadingBlanks).toBe(6); // 1 Feb 2026 is a Sunday
    expect(calendarMonth(day('2028-02-01'), 'gregorian').days).toHaveLength(29);
  });

  it('takes any instant of a day, and days are consecutive UTC midnights', () => {
    const month = calendarMonth(day('2026-11-26') + 23 * 3_600_000 + 59_000, 'jalali');
    expect(month.title).toBe('Azar 1405');
    for (const [index, start] of month.days.entries())
      expect(start).toBe((month.days[0] as number) + index * 86_400_000);
  });
});

describe('weekdayNames', () => {
  it('starts an Iranian week on Saturday and a Gregorian one on Monday', () => {
    expect(weekdayNames('jalali')).toEqual(['Sa', 'Su', 'Mo', 'Tu', 'We', 'Th', 'Fr']);
    expect(weekdayNames('gregorian')).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  });
});
