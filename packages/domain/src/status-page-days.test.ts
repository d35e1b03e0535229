import { describe, expect, it } from 'vitest';
import { dailyBars, lastDates } from './status-page-days';
import { DAY_MS, HOUR_MS } from './time';

const DAY0 = Date.UTC(2026, 2, 10);
const NOW = DAY0 + 2 * DAY_MS + 12 * HOUR_MS; // the third day, noon UTC

describe('lastDates', () => {
  it('ends today in the zone, oldest first', () => {
    expect(lastDates(NOW, 'UTC', 3)).toEqual([DAY0, DAY0 + DAY_MS, DAY0 + 2 * DAY_MS]);
    // 23:00 UTC is already the next day in Tehran (+03:30).
    expect(lastDates(DAY0 + 23 * HOUR_MS, 'Asia/Tehran', 1)).toEqual([DAY0 + DAY_MS]);
  });
});

describe('dailyBars', () => {
  const dates = lastDates(NOW, 'UTC', 3);
  it.each([
    {
      name: 'no first check: every day null',
      history: { downtimes: [], notCounted: [], monitoredSince: null },
      expected: [null, null, null],
    },
    {
      name: 'a downtime of 36 min on the first day; today observed until noon',
      history: {
        downtimes: [{ from: DAY0 + 10 * HOUR_MS, to: DAY0 + 10 * HOUR_MS + 2_160_000 }],
        notCounted: [],
        monitoredSince: new Date(DAY0 - DAY_MS),
      },
      expected: [97.5, 100, 100],
    },
    {
      name: 'before the first check is null; maintenance counts neither way',
      history: {
        downtimes: [{ from: DAY0 + DAY_MS + 12 * HOUR_MS, to: DAY0 + DAY_MS + 18 * HOUR_MS }],
        notCounted: [{ from: DAY0 + DAY_MS + 12 * HOUR_MS, to: DAY0 + DAY_MS + 18 * HOUR_MS }],
        monitoredSince: new Date(DAY0 + DAY_MS),
      },
      expected: [null, 100, 100],
    },
  ])('$name', ({ history, expected }) => {
    expect(dailyBars(history, dates, 'UTC', NOW).map((bar) => bar.uptimePercent)).toEqual(expected);
  });
});
