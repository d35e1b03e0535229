import type { StatusPageDay, StatusPageLanguage } from '@paydar/contracts/status-pages';
import { formatPageDate } from './format/dates';
import { formatDuration } from './format/durations';
import { formatPercent } from './format/numbers';
import type { StatusTexts } from './i18n/texts';

/** How a day's bar is coloured: by its uptime, grey without data. */
export type DayLevel = 'none' | 'full' | 'minor' | 'partial' | 'major';

/** Days a narrow screen shows (the last ones), where 90 bars would be slivers. */
export const NARROW_DAYS = 30;

export function dayLevel(day: Pick<StatusPageDay, 'uptime_percent'>): DayLevel {
  const uptime = day.uptime_percent;
  if (uptime === null) return 'none';
  if (uptime >= 99.95) return 'full';
  if (uptime >= 99) return 'minor';
  if (uptime >= 95) return 'partial';
  return 'major';
}

/** The days to draw: all of them, or the last NARROW_DAYS on a narrow screen. */
export function visibleDays<T>(days: readonly T[], narrow: boolean): T[] {
  return narrow ? days.slice(-NARROW_DAYS) : [...days];
}

/**
 * The uptime over the days: the mean of the days that have data (each day weighs the same; a day
 * with nothing observed counts neither way); null when none has data.
 */
export function uptimeOverDays(days: readonly Pick<StatusPageDay, 'uptime_percent'>[]): number | null {
  const known = days.map((day) => day.uptime_percent).filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, value) => sum + value, 0) / known.length;
}

/** A bar's tooltip, line by line: the date, the uptime (or no data), the downtime. */
export function dayTooltipLines(day: StatusPageDay, texts: StatusTexts, language: StatusPageLanguage): string[] {
  const date = formatPageDate(day.date, language);
  if (day.uptime_percent === null) return [date, texts.dayNoData];
  return [
    date,
    texts.dayUptime(formatPercent(day.uptime_percent, language)),
    day.downtime_seconds > 0
      ? texts.dayDowntime(formatDuration(day.downtime_seconds, texts, language))
      : texts.dayNoDowntime,
  ];
}
