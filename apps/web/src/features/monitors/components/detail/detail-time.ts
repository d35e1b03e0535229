import { utcDayStart } from '@paydar/domain/time';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import utc from 'dayjs/plugin/utc';
import type { MetricDay } from '../../api/get-metric';

dayjs.extend(advancedFormat);
dayjs.extend(utc);

/** How the detail panel writes an instant (spec §9): 'Mar 5th, 14:03:09'. */
export const DETAIL_TIME_FORMAT = 'MMM Do, HH:mm:ss';

/**
 * An instant as the panel shows it: in the browser's zone while looking at today, in UTC for a past
 * day (spec §2) — a past day is a UTC day, so its hours read 00:00 to 24:00.
 */
export function formatDetailTime(instant: string | number, day: MetricDay, format = DETAIL_TIME_FORMAT): string {
  return day === 'today' ? dayjs(instant).format(format) : dayjs.utc(instant).format(format);
}

/** 00:00 UTC of the day a metric shows: the chosen day, or today's by the server's clock. */
export function shownDayStart(day: MetricDay, fetchTime: string): number {
  return day === 'today' ? utcDayStart(Date.parse(fetchTime)) : day;
}
