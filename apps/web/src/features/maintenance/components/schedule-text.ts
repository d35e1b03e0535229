import type { Calendar } from '@paydar/contracts/calendars';
import type { MaintenanceWindow } from '@paydar/contracts/maintenance';
import { formatTime } from '@/lib/date-time';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** An ISO weekday's short name (1 = Mon). */
export const dayName = (day: number) => DAY_NAMES[(day - 1) % 7] ?? String(day);

/** `Nov 26th, 10:00` in the zone and the reader's calendar. */
export function formatInZone(instant: string | number, timeZone: string, calendar: Calendar): string {
  return formatTime(instant, { timeZone, calendar }, 'day-time');
}

/** `1 h 30 min`, `45 min`, `24 h`. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** The schedule in words, in the window's own zone: `Every Mon, Thu at 03:00 for 30 min`, `Nov 26, 10:00 – Nov 26, 12:00`. */
export function scheduleText(window: MaintenanceWindow, calendar: Calendar): string {
  if (window.kind === 'once') {
    const from = window.starts_at ? formatInZone(window.starts_at, window.time_zone, calendar) : '?';
    const to = window.ends_at ? formatInZone(window.ends_at, window.time_zone, calendar) : '?';
    return `Once, ${from} – ${to}`;
  }
  const days = window.days_of_week ?? [];
  const when = days.length === 7 ? 'Every day' : `Every ${days.map(dayName).join(', ')}`;
  return `${when} at ${window.start_time} for ${formatMinutes(window.duration_minutes ?? 0)}`;
}

/** What the list says of the next occurrence. */
export function nextText(window: MaintenanceWindow, calendar: Calendar): string {
  if (window.active_now && window.next_end) return `Until ${formatInZone(window.next_end, window.time_zone, calendar)}`;
  if (!window.next_start) return 'Over';
  return `Next: ${formatInZone(window.next_start, window.time_zone, calendar)}`;
}
