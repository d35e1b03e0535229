import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './time-zones';

/** The calendars dates are shown in (issue 15): Gregorian, or the Solar Hijri (Jalali) calendar read in Iran. */
export const calendars = ['gregorian', 'jalali'] as const;
export type Calendar = (typeof calendars)[number];

/** How the account page names each calendar. */
export const CALENDAR_LABELS: Record<Calendar, string> = {
  gregorian: 'Gregorian',
  jalali: 'Jalali (Solar Hijri)',
};

/** Zones that mean "in Iran": the IANA zone and its legacy alias. */
const IRAN_TIME_ZONES = new Set(['Asia/Tehran', 'Iran']);

/** Whether a zone is Iran's, where a new account starts on Tehran time and the Jalali calendar. */
export function isIranTimeZone(timeZone: string): boolean {
  return IRAN_TIME_ZONES.has(timeZone);
}

/**
 * A new account's zone and calendar from the zone its browser reported: Asia/Tehran and Jalali when
 * none came or it is Iran's; otherwise that zone and Gregorian. `timeZone` is already validated.
 */
export function signupTimeSettings(timeZone: string | undefined): { timeZone: string; calendar: Calendar } {
  if (timeZone === undefined || isIranTimeZone(timeZone)) return { timeZone: DEFAULT_TIME_ZONE, calendar: 'jalali' };
  return { timeZone, calendar: 'gregorian' };
}

/** A calendar in a request: 'gregorian' or 'jalali'. */
export const calendarField = z
  .enum(calendars, { error: () => "Choose a calendar: 'gregorian' or 'jalali'." })
  .describe("The calendar dates are shown in: 'gregorian' or 'jalali'.");
