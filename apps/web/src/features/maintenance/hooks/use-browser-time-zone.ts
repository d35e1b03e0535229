import { DEFAULT_MAINTENANCE_TIME_ZONE } from '@paydar/contracts/maintenance';

/** The browser's IANA zone, the form's default for a new window (Asia/Tehran when the browser does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_MAINTENANCE_TIME_ZONE;
  } catch {
    return DEFAULT_MAINTENANCE_TIME_ZONE;
  }
}

/** Every zone the browser knows, the default first when it is missing from the list. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([current, DEFAULT_MAINTENANCE_TIME_ZONE, 'UTC', ...known]);
  return [...zones];
}
