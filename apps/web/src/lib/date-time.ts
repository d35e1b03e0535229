import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(advancedFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** How the app writes an instant (spec §9): 'Mar 5th, 14:03:09'. */
export const DATE_TIME_FORMAT = 'MMM Do, HH:mm:ss';

/** An instant in the browser's zone, as spec §9 writes dates. */
export function formatDateTime(instant: string | number | Date): string {
  return dayjs(instant).format(DATE_TIME_FORMAT);
}

/**
 * An instant in the profile's time zone (issue 14: the notification history), as spec §9 writes
 * dates. A zone the browser does not know falls back to the browser's own.
 */
export function formatDateTimeIn(instant: string | number | Date, timeZone: string | undefined): string {
  if (!timeZone) return formatDateTime(instant);
  try {
    return dayjs(instant).tz(timeZone).format(DATE_TIME_FORMAT);
  } catch {
    return formatDateTime(instant);
  }
}

/** How the transaction history writes a date (spec §2 Finance: y/MM/dd - HH:mm): '2025/03/05 - 14:03'. */
export function formatTransactionTime(instant: string | number | Date): string {
  return dayjs(instant).format('YYYY/MM/DD - HH:mm');
}

/** A day as the Billing page writes it (spec §2 Finance: y/MM/dd): '2025/03/05'. */
export function formatDate(instant: string | number | Date): string {
  return dayjs(instant).format('YYYY/MM/DD');
}
