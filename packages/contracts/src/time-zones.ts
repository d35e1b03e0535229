import { z } from 'zod';

/** The zone a new account's messages and history use until the user picks another (issue 14). */
export const DEFAULT_TIME_ZONE = 'Asia/Tehran';
export const TIME_ZONE_MAX_LENGTH = 64;

/**
 * The IANA name `name` stands for, spelled as the runtime spells it ('asia/tehran' →
 * 'Asia/Tehran'), or null when it names no zone. The runtime's own tz database decides, so
 * server and browser agree on what exists.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone the runtime knows, for pickers. */
export function knownTimeZones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** A time zone in a request: an IANA name such as `Asia/Tehran` or `Europe/Berlin`, stored as the runtime spells it. */
export const timeZoneField = z
  .string()
  .trim()
  .max(TIME_ZONE_MAX_LENGTH)
  .transform((name, context) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    context.addIssue({ code: 'custom', message: 'Enter a time zone by its IANA name, such as Asia/Tehran.' });
    return z.NEVER;
  })
  .describe('IANA time zone name, e.g. Asia/Tehran or Europe/Berlin.');
