import { timeZonesNames } from '@vvo/tzdb';
import { z } from 'zod';

/** The zone a new account's messages and history use until the user picks another (issue 14). */
export const DEFAULT_TIME_ZONE = 'Asia/Tehran';
export const TIME_ZONE_MAX_LENGTH = 64;

/** Asks the runtime which zone `name` is; null when it knows none by that name. */
function runtimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface ZoneIndex {
  /** The canonical IANA names the runtime knows, in order: what pickers offer. */
  names: string[];
  /** A canonical name by its lower-case spelling ('asia/kathmandu' → 'Asia/Kathmandu'). */
  byLowerCase: Map<string, string>;
  /** A canonical name by the runtime's id for it: ICU keeps CLDR's older ids ('Asia/Katmandu'). */
  byRuntimeId: Map<string, string>;
}

let index: ZoneIndex | null = null;

/**
 * The IANA database's own names (@vvo/tzdb, kept up to date with each tz release), not the
 * runtime's: Node 20's ICU answers CLDR's legacy ids ('Asia/Kathmandu' → 'Asia/Katmandu',
 * 'Asia/Kolkata' → 'Asia/Calcutta', 'Europe/Kyiv' → 'Europe/Kiev'), and browsers differ among
 * themselves, so a zone saved through one came back renamed (issue 37).
 */
function zoneIndex(): ZoneIndex {
  if (index) return index;
  const names: string[] = [];
  const byLowerCase = new Map<string, string>();
  const byRuntimeId = new Map<string, string>();
  for (const name of ['UTC', ...timeZonesNames]) {
    const id = runtimeZone(name);
    if (id === null || byLowerCase.has(name.toLowerCase())) continue;
    names.push(name);
    byLowerCase.set(name.toLowerCase(), name);
    if (!byRuntimeId.has(id)) byRuntimeId.set(id, name);
  }
  index = { names, byLowerCase, byRuntimeId };
  return index;
}

/**
 * The canonical IANA name `name` stands for ('asia/tehran' → 'Asia/Tehran', 'Asia/Calcutta' →
 * 'Asia/Kolkata'; a canonical name comes back as it is), or null when it names no zone the runtime
 * knows. A name the IANA list lacks but the runtime knows ('Etc/GMT+3') is kept as the runtime spells it.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!name || name.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return null;
  const id = runtimeZone(name);
  if (id === null) return null;
  const zones = zoneIndex();
  return zones.byLowerCase.get(name.toLowerCase()) ?? zones.byRuntimeId.get(id) ?? id;
}

/** Every zone the runtime knows, by its canonical IANA name, UTC first: what pickers offer. */
export function knownTimeZones(): string[] {
  return [...zoneIndex().names];
}

/** A time zone in a request: an IANA name such as `Asia/Tehran` or `Europe/Berlin`, stored by its canonical IANA name. */
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
