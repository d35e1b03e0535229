import { utcDayStart } from '@paydar/domain/time';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DATE_TIME_FORMAT } from '@/lib/date-time';
import type { MetricDay } from '../../api/get-metric';

dayjs.extend(utc);

/**
 * An instant as the panel shows it: in the browser's zone while looking at today, in UTC for a past
 * day (spec §2) — a past day is a UTC day, so its hours read 00:00 to 24:00.
 */
export function formatDetailTime(instant: string | number, day: MetricDay, format = DATE_TIME_FORMAT): string {
  return day === 'today' ? dayjs(instant).format(format) : dayjs.utc(instant).format(format);
}

/** 00:00 UTC of the day a metric shows: the chosen day, or today's by the server's clock. */
export function shownDayStart(day: MetricDay, fetchTime: string): number {
  return day === 'today' ? utcDayStart(Date.parse(fetchTime)) : day;
}
