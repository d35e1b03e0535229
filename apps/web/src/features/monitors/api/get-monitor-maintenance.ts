import { maintenanceWindowList } from '@paydar/contracts/maintenance';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The maintenance windows covering one monitor that are going on or still to come, soonest first,
 * for the detail panel. The same call and key as the Maintenance page's list, so both share one
 * cached answer and a change there shows here.
 */
export function useMonitorMaintenance(monitorId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['maintenance-windows', 'list'],
    queryFn: ({ signal }) => api.get('/api/v1/maintenance_windows', maintenanceWindowList, { signal }),
    enabled,
    refetchInterval: 60_000,
    select: (page) =>
      page.results
        .filter((window) => window.monitors.includes(monitorId) && window.next_start !== null)
        .sort((a, b) => Date.parse(a.next_start ?? '') - Date.parse(b.next_start ?? '')),
  });
}
