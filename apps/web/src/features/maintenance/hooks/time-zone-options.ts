import { DEFAULT_MAINTENANCE_TIME_ZONE } from '@paydar/contracts/maintenance';
import { timeZoneOptions as zonesWith } from '@/lib/time-zone-options';

/** Every zone the browser knows, the default first when it is missing from the list. */
export function timeZoneOptions(current: string): string[] {
  return zonesWith(current, DEFAULT_MAINTENANCE_TIME_ZONE);
}
