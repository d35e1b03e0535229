import type { StatusPageLanguage } from '@paydar/contracts/status-pages';
import { formatInstant } from '@paydar/domain/local-time';
import { localDigits } from './numbers';

/**
 * Dates and times as the page writes them: `en` in the Gregorian calendar ('Mar 5th, 2025'), `fa`
 * in the Jalali calendar with Persian month names and digits ('۱۵ آذر ۱۴۰۵'). The calendars and
 * zones are @paydar/domain/local-time's; only the Persian words are added here.
 */

const PERSIAN_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
];

/** A page day ('2026-11-26', already the page's date) named by its 00:00 UTC; NaN when not a date. */
export const dayName = (date: string): number => Date.parse(`${date}T00:00:00Z`);

function jalaliDay(instant: number, timeZone: string): string {
  const [year, month, day] = formatInstant(instant, { timeZone, calendar: 'jalali' }, 'numeric-date').split('/');
  const name = PERSIAN_MONTHS[Number(month) - 1] ?? '';
  return localDigits(`${Number(day)} ${name} ${year}`, 'fa');
}

/** A page day ('2026-11-26') as a reader reads it: 'Nov 26th, 2026' or '۵ آذر ۱۴۰۵'. */
export function formatPageDate(date: string, language: StatusPageLanguage): string {
  const name = dayName(date);
  if (Number.isNaN(name)) return date;
  if (language === 'fa') return jalaliDay(name, 'UTC');
  return formatInstant(name, { timeZone: 'UTC', calendar: 'gregorian' }, 'day');
}

/** An instant's date and time of day in the page's zone: 'Nov 26th, 2026 14:03' or '۵ آذر ۱۴۰۵، ۱۴:۰۳'. */
export function formatPageDateTime(instant: string | number, language: StatusPageLanguage, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  if (Number.isNaN(ms)) return '';
  const time = formatPageTime(ms, language, timeZone);
  if (language === 'fa') return `${jalaliDay(ms, timeZone)}، ${time}`;
  return `${formatInstant(ms, { timeZone, calendar: 'gregorian' }, 'day')} ${time}`;
}

/** The time of day in the page's zone, '14:03'. */
export function formatPageTime(instant: string | number, language: StatusPageLanguage, timeZone: string): string {
  const time = formatInstant(instant, { timeZone, calendar: 'gregorian' }, 'hour-minute');
  return localDigits(time, language);
}

/** The page day an instant falls on in the zone, 'YYYY-MM-DD' (the answer's own day naming). */
export function pageDayOf(instant: string, timeZone: string): string {
  return formatInstant(instant, { timeZone, calendar: 'gregorian' }, 'iso-date-time').slice(0, 10);
}

/**
 * The zone's name as a visitor from elsewhere reads it beside a time: 'UTC', 'GMT+3:30', 'EST' in
 * English; 'وقت ایران' in Persian. The page's times are in its owner's zone, not the visitor's.
 */
export function pageZoneLabel(instant: string | number, language: StatusPageLanguage, timeZone: string): string {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const style = language === 'fa' && timeZone !== 'UTC' ? 'shortGeneric' : 'short';
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: style }).formatToParts(
    Number.isNaN(ms) ? 0 : ms,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value.replace(/\u200e/g, '') ?? timeZone;
}

/** The time of day with its zone, for a line read on its own: '14:03 GMT+3:30', '۱۴:۰۳ وقت ایران'. */
export function formatPageTimeWithZone(
  instant: string | number,
  language: StatusPageLanguage,
  timeZone: string,
): string {
  return `${formatPageTime(instant, language, timeZone)} ${pageZoneLabel(instant, language, timeZone)}`;
}
