/**
 * Instants as a person reads them, in their own time zone (issue 14: alert messages and the
 * notification history). The one place local times are written: a later calendar (Jalali)
 * changes this file only.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** '2026-11-26 14:35:12': the wall-clock time in `timeZone` (an IANA name the caller has validated). */
export function localDateTime(instant: string | number | Date, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * '2026-11-26 14:35:12 (Asia/Tehran)': how an alert message gives a time. Without a zone (facts
 * written before the profile had one) it is UTC and says so.
 */
export function alertTime(instant: string | number | Date, timeZone: string | undefined): string {
  const zone = timeZone ?? 'UTC';
  try {
    return `${localDateTime(instant, zone)} (${zone})`;
  } catch {
    // A zone the runtime no longer knows (a tz database update dropped it): UTC rather than no message.
    return `${localDateTime(instant, 'UTC')} (UTC)`;
  }
}
