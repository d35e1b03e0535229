// @vitest-environment jsdom
import { summaryOf } from '@paydar/contracts/monitor-summary';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildMetric, buildMonitor, buildShopMonitor, page } from '@/testing/monitor-builders';
import { stubFetch, withProviders } from '@/testing/test-utils';
import { monitorQueryKey } from '../api/get-monitor';
import { monitorsQueryOptions } from '../api/get-monitors';
import { useMonitorDetailRefresh } from './use-monitor-detail-refresh';

beforeEach(() => {
  queryClient.clear();
  setSessionToken('key-1', 'local');
});
afterEach(() => queryClient.clear());

describe('the detail refresh keeps the list and the detail in step', () => {
  it('stores the fresh monitor whole for the detail and as a summary in the list', async () => {
    const other = buildMonitor({ id: 3 });
    const fresh = buildShopMonitor({ id: 7, alias: 'Renamed', last_status_code: 503 });
    stubFetch((url) => (url.includes('/metric') ? { body: buildMetric() } : { body: fresh }));
    const listKey = monitorsQueryOptions().queryKey;
    queryClient.setQueryData(listKey, page([summaryOf(buildShopMonitor({ id: 7 })), summaryOf(other)]));

    const { result } = renderHook(() => useMonitorDetailRefresh(7), {
      wrapper: ({ children }: { children: ReactNode }) => withProviders(children),
    });
    await act(() => result.current.mutateAsync());

    expect(queryClient.getQueryData(monitorQueryKey(7))).toEqual(fresh);
    const listed = queryClient.getQueryData(listKey)?.results;
    expect(listed).toEqual([summaryOf(fresh), summaryOf(other)]);
    // A summary, not the whole monitor: the list cache holds what the list call would.
    expect(listed?.[0]).not.toHaveProperty('token');
  });
});
