import { useMemo } from 'react';
import { formatTime, type InstantStyle, type TimeSettings, utcSettings } from '@/lib/date-time';
import { useTimeSettings } from '@/lib/time-settings';
import type { MetricDay } from '../../api/get-metric';

/**
 * An instant as the panel shows it: today in the reader's zone and calendar (issue 15); a past day
 * in UTC (spec §2) — a past day is a UTC day, so its hours read 00:00 to 24:00 — in the reader's calendar.
 */
export function formatDetailTime(
  instant: string | number,
  day: MetricDay,
  settings: TimeSettings,
  style: InstantStyle = 'date-time',
): string {
  return formatTime(instant, day === 'today' ? settings : utcSettings(settings.calendar), style);
}

/** `formatDetailTime` bound to the day shown and the reader's settings. */
export function useDetailTime(day: MetricDay): (instant: string | number, style?: InstantStyle) => string {
  const settings = useTimeSettings();
  return useMemo(() => (instant, style) => formatDetailTime(instant, day, settings, style), [day, settings]);
}
