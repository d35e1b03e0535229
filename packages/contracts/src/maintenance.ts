import { z } from 'zod';
import { pageOf } from './common';

/**
 * Maintenance windows (issue 14, item 5): stretches when chosen monitors are still checked and
 * their results stored, but nothing is alerted, no downtime opens and the time counts neither up
 * nor down. A window is one-off (`once`: an instant range) or weekly (days, a local start time and
 * a duration), in its own IANA time zone.
 */

export const MAINTENANCE_TITLE_MAX_LENGTH = 100;
/** A one-off window lasts at most this long. */
export const MAINTENANCE_ONCE_MAX_MS = 31 * 24 * 60 * 60 * 1000;
export const MAINTENANCE_DURATION_MIN_MINUTES = 5;
export const MAINTENANCE_DURATION_MAX_MINUTES = 1440;
/** Windows one user may keep. */
export const MAINTENANCE_WINDOWS_PER_USER = 50;
/** Monitors one window may cover. */
export const MAINTENANCE_MONITORS_MAX = 500;
export const DEFAULT_MAINTENANCE_TIME_ZONE = 'Asia/Tehran';
/** ISO days of the week: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MAINTENANCE_KINDS = ['once', 'weekly'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const isoInstant = z.iso.datetime({ offset: true }).max(40);

/** A create or edit body. `once` needs starts_at/ends_at; `weekly` needs days_of_week/start_time/duration_minutes. */
export const maintenanceWindowInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1)
      .max(MAINTENANCE_TITLE_MAX_LENGTH)
      .describe('Shown in the list; at most 100 characters.'),
    monitors: z
      .array(z.number().int().positive().max(2_147_483_647))
      .min(1)
      .max(MAINTENANCE_MONITORS_MAX)
      .describe('Ids of the caller’s monitors the window covers.'),
    kind: z
      .enum(MAINTENANCE_KINDS)
      .describe('`once`: one stretch of time; `weekly`: the same local hours on chosen days.'),
    time_zone: z
      .string()
      .max(64)
      .refine(isTimeZone, 'Not a known IANA time zone.')
      .default(DEFAULT_MAINTENANCE_TIME_ZONE)
      .describe('IANA time zone the weekly start time is read in (default Asia/Tehran).'),
    starts_at: isoInstant.nullish().describe('once: ISO 8601 start, with offset.'),
    ends_at: isoInstant.nullish().describe('once: ISO 8601 end, after the start, at most 31 days later.'),
    days_of_week: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .nullish()
      .describe('weekly: ISO days of the week, 1 = Monday … 7 = Sunday.'),
    start_time: z
      .string()
      .max(5)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, 00:00 to 23:59.')
      .nullish()
      .describe('weekly: local start time HH:MM in time_zone.'),
    duration_minutes: z
      .number()
      .int()
      .min(MAINTENANCE_DURATION_MIN_MINUTES)
      .max(MAINTENANCE_DURATION_MAX_MINUTES)
      .nullish()
      .describe('weekly: length of each occurrence, 5 to 1440 minutes.'),
  })
  .superRefine((value, context) => {
    const missing = (path: string) =>
      context.addIssue({ code: 'custom', path: [path], message: 'This field is required.' });
    if (value.kind === 'once') {
      if (!value.starts_at) missing('starts_at');
      if (!value.ends_at) missing('ends_at');
      if (value.starts_at && value.ends_at) {
        const length = Date.parse(value.ends_at) - Date.parse(value.starts_at);
        if (length <= 0) context.addIssue({ code: 'custom', path: ['ends_at'], message: 'Must be after the start.' });
        else if (length > MAINTENANCE_ONCE_MAX_MS)
          context.addIssue({ code: 'custom', path: ['ends_at'], message: 'A window lasts at most 31 days.' });
      }
    } else {
      if (!value.days_of_week) missing('days_of_week');
      if (!value.start_time) missing('start_time');
      if (value.duration_minutes == null) missing('duration_minutes');
    }
  });
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInput>;

/** A window as the API returns it, with its computed state at the time of the answer. */
export const maintenanceWindow = z.object({
  id: z.number().int(),
  title: z.string(),
  monitors: z.array(z.number().int()).describe('Ids of the covered monitors (deleted ones drop out).'),
  kind: z.enum(MAINTENANCE_KINDS),
  time_zone: z.string(),
  starts_at: z.string().nullable().describe('once: the start; null for weekly.'),
  ends_at: z.string().nullable().describe('once: the end (moved to the moment it was ended early); null for weekly.'),
  days_of_week: z.array(z.number().int()).nullable().describe('weekly: ISO days, 1 = Monday; null for once.'),
  start_time: z.string().nullable().describe('weekly: HH:MM in time_zone; null for once.'),
  duration_minutes: z.number().int().nullable().describe('weekly: minutes per occurrence; null for once.'),
  active_now: z.boolean().describe('An occurrence covers the time of this answer.'),
  next_start: z
    .string()
    .nullable()
    .describe('Start of the ongoing occurrence, or else of the next one; null when none is left.'),
  next_end: z.string().nullable().describe('End of that occurrence.'),
  created_at: z.string(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/** Every window of the caller, in one page (at most MAINTENANCE_WINDOWS_PER_USER). */
export const maintenanceWindowList = pageOf(maintenanceWindow);
export type MaintenanceWindowList = z.infer<typeof maintenanceWindowList>;
