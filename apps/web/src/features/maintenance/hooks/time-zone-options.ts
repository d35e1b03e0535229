import { DEFAULT_MAINTENANCE_TIME_ZONE } from '@paydar/contracts/maintenance';

/** Every zone the browser knows, the default first when it is missing from the list. */
export function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set([current, DEFAULT_MAINTENANCE_TIME_ZONE, 'UTC', ...known]);
  return [...zones];
}
