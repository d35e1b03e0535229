// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { dayLevel, dayTooltipLines, NARROW_DAYS, uptimeOverDays, visibleDays } from './day-bars-data';
import { textsFor } from './i18n/texts';
import { buildDays } from './testing/page-builders';

describe('a day’s colour', () => {
  it.each([
    [null, 'none'],
    [100, 'full'],
    [99.95, 'full'],
    [99.94, 'minor'],
    [99, 'minor'],
    [98.9, 'partial'],
    [95, 'partial'],
    [94.9, 'major'],
    [0, 'major'],
  ] as const)('%s %% is %s', (uptime, level) => {
    expect(dayLevel({ uptime_percent: uptime })).toBe(level);
  });
});

describe('the days shown', () => {
  const days = buildDays(90);
  it('are all 90 on a wide screen, the last 30 on a narrow one', () => {
    expect(visibleDays(days, false)).toHaveLength(90);
    const narrow = visibleDays(days, true);
    expect(narrow).toHaveLength(NARROW_DAYS);
    expect(narrow.at(-1)?.date).toBe('2026-11-26');
    expect(narrow[0]?.date).toBe('2026-10-28');
  });
});

describe('the uptime over the days', () => {
  it('is the mean of the days with data', () => {
    const days = buildDays(4, '2026-11-26', (index) => ({ uptime_percent: [null, 100, 99, null][index] ?? null }));
    expect(uptimeOverDays(days)).toBeCloseTo(99.5);
  });
  it('is null when no day has data', () => {
    expect(uptimeOverDays(buildDays(3, '2026-11-26', () => ({ uptime_percent: null })))).toBeNull();
  });
});

describe('a bar’s tooltip', () => {
  const [day] = buildDays(1, '2026-11-26', () => ({ uptime_percent: 99.5, downtime_seconds: 432 }));
  it('gives the date, the uptime and the downtime', () => {
    expect(dayTooltipLines(day as never, textsFor('en'), 'en')).toStrictEqual([
      'Nov 26th, 2026',
      '99.5% uptime',
      'Down for 7 min 12 s',
    ]);
  });
  it('in Persian, with the Jalali date', () => {
    expect(dayTooltipLines(day as never, textsFor('fa'), 'fa')).toStrictEqual([
      '۵ آذر ۱۴۰۵',
      '۹۹٫۵٪ دسترس‌پذیری',
      '۷ دقیقه ۱۲ ثانیه قطعی',
    ]);
  });
  it('says when a day has no data, or no downtime', () => {
    const [empty] = buildDays(1, '2026-11-26', () => ({ uptime_percent: null }));
    expect(dayTooltipLines(empty as never, textsFor('en'), 'en')).toStrictEqual(['Nov 26th, 2026', 'No data']);
    const [clean] = buildDays(1);
    expect(dayTooltipLines(clean as never, textsFor('en'), 'en')[2]).toBe('No downtime');
  });
});
