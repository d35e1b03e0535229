import { pageOf } from '@paydar/contracts/common';
import { monitorSummary } from '@paydar/contracts/monitor-summary';
import { displayName } from '@paydar/domain/display-name';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const monitorsPage = pageOf(monitorSummary);

/**
 * The user's monitors as the history filter offers them: id and display name. Same call and key
 * as the monitor list (`['monitors', 'list']`), so the two share one cached answer and a monitor
 * change that refreshes the list refreshes these too.
 */
export const monitorChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['monitors', 'list'] as const,
    queryFn: ({ signal }) => api.get('/api/v1/monitors/', monitorsPage, { signal }),
  });

export function useMonitorChoices() {
  return useQuery({
    ...monitorChoicesQueryOptions(),
    select: (page) => page.results.map((monitor) => ({ value: String(monitor.id), label: displayName(monitor) })),
  });
}
