/**
 * Instants as a person reads them: in their own time zone and calendar (issue 14: alert messages
 * and the notification history; issue 15: every date on screen). The one place local times are
 * written — the web's `lib/date-time.ts` and the server's alert messages both come here. The
 * calendars are the platform's (`Intl.DateTimeFormat` with `ca-persian` for Jalali), digits stay
 * Latin, month names are English ('Mar', 'Azar').
 */
import type { Calendar } from '@paydar/contracts/calendars';

/** Where and how a person reads time: an IANA zone the caller has validated, and a calendar. */
export interface TimeSettings {
  timeZone: string;
  calendar: Calendar;
}

/**
 * The ways an instant is written:
 * - `date-time` 'Mar 5th, 14:03:09' (spec §9)   - `day-time` 'Mar 5th, 14:03'
 * - `day` 'Mar 5th, 2025'                       - `month` 'Mar 2025'
 * - `numeric-date` '2025/03/05' (spec §2)       - `numeric-date-time` '2025/03/05 - 14:03' (spec §2)
 * - `iso-date-time` '2025-03-05 14:03:09'        - `time` '14:03:09'   - `hour-minute` '14:03'
 */
export type InstantStyle =
  | 'date-time'
  | 'day-time'
  | 'day'
  | 'month'
  | 'numeric-date'
  | 'numeric-date-time'
  | 'iso-date-time'
  | 'time'
  | 'hour-minute';

interface LocalParts {
  year: string;
  /** Two digits, 01–12. */
  month: string;
  /** 'Mar', 'Azar'. */
  monthName: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const LOCALES: Record<Calendar, string> = { gregorian: 'en-US-u-ca-gregory', jalali: 'en-US-u-ca-persian' };
const formatters = new Map<string, { numeric: Intl.DateTimeFormat; named: Intl.DateTimeFormat }>();

function formattersFor({ timeZone, calendar }: TimeSettings) {
  const key = `${calendar}|${timeZone}`;
  let pair = formatters.get(key);
  if (!pair) {
    const time = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
    const locale = LOCALES[calendar] ?? LOCALES.gregorian;
    pair = {
      numeric: new Intl.DateTimeFormat(locale, {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        ...time,
      }),
      named: new Intl.DateTimeFormat(locale, { timeZone, month: 'short' }),
    };
    formatters.set(key, pair);
  }
  return pair;
}

function localParts(date: Date, settings: TimeSettings): LocalParts {
  const { numeric, named } = formattersFor(settings);
  const parts: Record<string, string> = {};
  for (const part of numeric.formatToParts(date)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    monthName: named.format(date),
    day: parts.day ?? '',
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

/** 1 → '1st', 12 → '12th', 22 → '22nd'. */
export function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][day % 10] ?? 'th');
  return `${day}${suffix}`;
}

const STYLES: Record<InstantStyle, (p: LocalParts) => string> = {
  'date-time': (p) => `${p.monthName} ${ordinal(Number(p.day))}, ${p.hour}:${p.minute}:${p.second}`,
  'day-time': (p) => `${p.monthName} ${ordinal(Number(p.day))}, ${p.hour}:${p.minute}`,
  day: (p) => `${p.monthName} ${ordinal(Number(p.day))}, ${p.year}`,
  month: (p) => `${p.monthName} ${p.year}`,
  'numeric-date': (p) => `${p.year}/${p.month}/${p.day}`,
  'numeric-date-time': (p) => `${p.year}/${p.month}/${p.day} - ${p.hour}:${p.minute}`,
  'iso-date-time': (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`,
  time: (p) => `${p.hour}:${p.minute}:${p.second}`,
  'hour-minute': (p) => `${p.hour}:${p.minute}`,
};

/**
 * An instant written in a style, in the settings' zone and calendar; '' for what is not an
 * instant. Throws a RangeError for a zone the runtime does not know (callers validate zones).
 */
export function formatInstant(instant: string | number | Date, settings: TimeSettings, style: InstantStyle): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return STYLES[style](localParts(date, settings));
}

/** '2026-11-26 14:35:12': the wall-clock time in `timeZone` (an IANA name the caller has validated). */
export function localDateTime(
  instant: string | number | Date,
  timeZone: string,
  calendar: Calendar = 'gregorian',
): string {
  return formatInstant(instant, { timeZone, calendar }, 'iso-date-time');
}

/**
 * '2026-11-26 14:35:12 (Asia/Tehran)', or '1405-09-05 14:35:12 (Asia/Tehran)' in the Jalali
 * calendar: how an alert message gives a time. Without a zone (facts written before the profile
 * had one) it is UTC and says so.
 */
export function alertTime(
  instant: string | number | Date,
  timeZone: string | undefined,
  calendar: Calendar = 'gregorian',
): string {
  const zone = timeZone ?? 'UTC';
  try {
    return `${localDateTime(instant, zone, calendar)} (${zone})`;
  } catch {
    // A zone the runtime no longer knows (a tz database update dropped it): UTC rather than no message.
    return `${localDateTime(instant, 'UTC', calendar)} (UTC)`;
  }
}
