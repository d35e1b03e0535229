import {
  type CalendarDate,
  fromAbsolute,
  GregorianCalendar,
  PersianCalendar,
  toCalendar,
  toCalendarDate,
} from '@internationalized/date';
import type { Calendar } from '@paydar/contracts/calendars';
import { formatInstant } from './local-time';

/**
 * One month of a calendar as a date picker draws it (issue 15: the Jalali calendar in every date
 * on screen, the day picker too). Days are UTC days, named by their 00:00 UTC in epoch ms, as the
 * detail's past days are; the month arithmetic is @internationalized/date's.
 */
export interface CalendarMonth {
  /** 'Azar 1405', 'Nov 2026'. */
  title: string;
  /** 00:00 UTC of each day of the month, in order. */
  days: number[];
  /** Empty cells before the first day: weeks start on the calendar's first weekday. */
  leadingBlanks: number;
  /** 00:00 UTC of the first day of the month before, and of the month after. */
  previous: number;
  next: number;
}

const SYSTEMS = { gregorian: new GregorianCalendar(), jalali: new PersianCalendar() } as const;

/** The first day of a week: Monday, or Saturday in Iran. 0 is Sunday, as `Date.getUTCDay()` counts. */
const FIRST_WEEKDAY: Record<Calendar, number> = { gregorian: 1, jalali: 6 };
const WEEKDAY_NAMES = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** 'Sa', 'Su', … 'Fr' for Jalali; 'Mo' … 'Su' for Gregorian. */
export function weekdayNames(calendar: Calendar): string[] {
  const first = FIRST_WEEKDAY[calendar];
  return WEEKDAY_NAMES.map((_, index) => WEEKDAY_NAMES[(first + index) % 7] as string);
}

function dateOf(day: number, calendar: Calendar): CalendarDate {
  return toCalendar(toCalendarDate(fromAbsolute(day, 'UTC')), SYSTEMS[calendar]);
}

const startOf = (date: CalendarDate) => date.toDate('UTC').getTime();

/** The month of the calendar that the UTC day `day` (any instant in it) falls in. */
export function calendarMonth(day: number, calendar: Calendar): CalendarMonth {
  const first = dateOf(day, calendar).set({ day: 1 });
  const length = first.calendar.getDaysInMonth(first);
  const days = Array.from({ length }, (_, index) => startOf(first.add({ days: index })));
  const firstWeekday = new Date(days[0] as number).getUTCDay();
  return {
    title: formatInstant(days[0] as number, { timeZone: 'UTC', calendar }, 'month'),
    days,
    leadingBlanks: (firstWeekday - FIRST_WEEKDAY[calendar] + 7) % 7,
    previous: startOf(first.subtract({ months: 1 })),
    next: startOf(first.add({ months: 1 })),
  };
}
