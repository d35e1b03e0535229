// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statusDay } from './status-day';

const HOUR = 3_600_000;

describe('statusDay', () => {
  it("is the viewer's local day two days back, with its date", () => {
    // 26 Nov 2026, 17:00 UTC is 20:30 in Tehran (UTC+3:30): two days back is 24 Nov, Tehran time.
    const now = Date.UTC(2026, 10, 26, 17);
    expect(statusDay(now, 'Asia/Tehran')).toEqual({
      start: Date.UTC(2026, 10, 23, 20, 30),
      end: Date.UTC(2026, 10, 24, 20, 30),
      date: Date.UTC(2026, 10, 24),
    });
  });

  it('counts the days back from the local date, not the UTC one', () => {
    // 22:00 UTC on 26 Nov is already 27 Nov in Tehran: two days back is 25 Nov there.
    const day = statusDay(Date.UTC(2026, 10, 26, 22), 'Asia/Tehran');
    expect(day.start).toBe(Date.UTC(2026, 10, 24, 20, 30));
    expect(day.date).toBe(Date.UTC(2026, 10, 25));
  });

  it('is one UTC day in UTC', () => {
    const day = statusDay(Date.UTC(2026, 10, 26, 5), 'UTC');
    expect(day).toEqual({
      start: Date.UTC(2026, 10, 24),
      end: Date.UTC(2026, 10, 25),
      date: Date.UTC(2026, 10, 24),
    });
  });

  it('is 25 hours long across a change back from summer time', () => {
    // Berlin leaves summer time on 25 Oct 2026.
    const day = statusDay(Date.UTC(2026, 9, 27, 12), 'Europe/Berlin');
    expect(day.end - day.start).toBe(25 * HOUR);
  });
});
