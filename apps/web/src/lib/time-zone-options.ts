import { knownTimeZones } from '@paydar/contracts/time-zones';

/**
 * Every zone the browser knows by its canonical IANA name (the list the profile's picker offers
 * too), the given ones first when the list misses them. Browsers answer different spellings of one
 * zone (Asia/Calcutta, Asia/Kolkata), so the list is the IANA database's, not the browser's.
 */
export function timeZoneOptions(...first: string[]): string[] {
  return [...new Set([...first, ...knownTimeZones()])];
}
