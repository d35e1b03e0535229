import type { Calendar } from '@paydar/contracts/calendars';
import { DEFAULT_TIME_ZONE } from '@paydar/contracts/time-zones';
import { formatInstant, type InstantStyle, type TimeSettings } from '@paydar/domain/local-time';

/**
 * The one formatter of dates and times on screen (issue 15): every instant the app shows is written
 * here, in the profile's time zone and calendar (`useTimeSettings`), in one of the domain's styles
 * ('Mar 5th, 14:03:09' is spec §9's). The words are `@paydar/domain/local-time`'s, shared with
 * the alert messages, so a date reads the same on screen and in a message.
 */

export type { InstantStyle, TimeSettings };

/** The browser's IANA zone; Asia/Tehran when it does not say (sign-up's default, spec's home zone). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Signed out (public pages, sign-in): the browser's zone, Gregorian. */
export function browserTimeSettings(): TimeSettings {
  return { timeZone: browserTimeZone(), calendar: 'gregorian' };
}

/** UTC in the reader's calendar: what prints a date named by its 00:00 UTC as that date. */
export function utcSettings(calendar: Calendar): TimeSettings {
  return { timeZone: 'UTC', calendar };
}

/**
 * A calendar date named by its 00:00 UTC (a `?day=` day, a heat-map cell; domain local-day.ts) in
 * the reader's calendar: that date, whatever their zone — 'Mar 5th, 2024'.
 */
export function formatDateName(date: number, calendar: Calendar): string {
  return formatTime(date, utcSettings(calendar), 'day');
}

/**
 * An instant as the reader reads it; '' for what is not an instant. A zone this browser does not
 * know (a newer tz database on the server) falls back to the browser's own zone.
 */
export function formatTime(
  instant: string | number | Date,
  settings: TimeSettings,
  style: InstantStyle = 'date-time',
): string {
  try {
    return formatInstant(instant, settings, style);
  } catch {
    return formatInstant(instant, { ...settings, timeZone: browserTimeZone() }, style);
  }
}

/** 'Mar 5th, 14:03:09' (spec §9). */
export const formatDateTime = (instant: string | number | Date, settings: TimeSettings) =>
  formatTime(instant, settings, 'date-time');

/** How the transaction history writes a date (spec §2 Finance: y/MM/dd - HH:mm): '2025/03/05 - 14:03'. */
export const formatTransactionTime = (instant: string | number | Date, settings: TimeSettings) =>
  formatTime(instant, settings, 'numeric-date-time');

/** A day as the Billing page writes it (spec §2 Finance: y/MM/dd): '2025/03/05'. */
export const formatDate = (instant: string | number | Date, settings: TimeSettings) =>
  formatTime(instant, settings, 'numeric-date');
