// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { clearSession, setSessionToken } from '@/lib/session-store';
import { buildMetric, buildShopMonitor, page } from '@/testing/monitor-builders';
import { stubFetch } from '@/testing/test-utils';
import { metricQueryKey } from '../api/get-metric';
import { monitorsQueryOptions } from '../api/get-monitors';
import {
  cancelRefreshesAfterCreation,
  pendingRefreshCount,
  REFRESH_AFTER_CREATION_MS,
  scheduleRefreshAfterCreation,
} from './use-monitor-form-refresh';

describe('refresh 30 seconds after creation (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setSessionToken('key-1', 'local');
  });
  afterEach(() => {
    cancelRefreshesAfterCreation();
    vi.useRealTimers();
  });

  function stubApi() {
    return stubFetch((url) =>
      url.includes('/metric') ? { body: buildMetric({ last_status_code: 204 }) } : { body: page([buildShopMonitor()]) },
    );
  }

  it('fetches the metric without cache after 30 s, stores it and reloads the list', async () => {
    const fetchMock = stubApi();
    queryClient.setQueryData(monitorsQueryOptions().queryKey, page([buildShopMonitor()]));
    scheduleRefreshAfterCreation(queryClient, 7);
    expect(REFRESH_AFTER_CREATION_MS).toBe(30_000);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(queryClient.getQueryData(metricQueryKey(7, 'today'))).toBeTruthy());
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      'https://api.example.test/api/v1/monitors/7/metric?cache=False&time_zone=UTC',
    );
    expect(queryClient.getQueryData(metricQueryKey(7, 'today'))).toMatchObject({ last_status_code: 204 });
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(monitorsQueryOptions().queryKey)?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(metricQueryKey(7, 'today'))?.isInvalidated).toBe(false);
    expect(pendingRefreshCount()).toBe(0);
  });

  it('a second schedule for the same monitor replaces the first', async () => {
    const fetchMock = stubApi();
    scheduleRefreshAfterCreation(queryClient, 7);
    await vi.advanceTimersByTimeAsync(10_000);
    scheduleRefreshAfterCreation(queryClient, 7);
    expect(pendingRefreshCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/metric'))).toHaveLength(1);
  });

  it('is dropped when the session changes before it fires', async () => {
    const fetchMock = stubApi();
    scheduleRefreshAfterCreation(queryClient, 7);
    clearSession();
    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_CREATION_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(metricQueryKey(7, 'today'))).toBeUndefined();
  });

  it('a failed fetch stays silent and still reloads the list', async () => {
    stubFetch(() => ({ status: 500, body: { detail: 'boom' } }));
    queryClient.setQueryData(monitorsQueryOptions().queryKey, page([buildShopMonitor()]));
    scheduleRefreshAfterCreation(queryClient, 7);
    await vi.advanceTimersByTimeAsync(REFRESH_AFTER_CREATION_MS);
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(monitorsQueryOptions().queryKey)?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryData(metricQueryKey(7, 'today'))).toBeUndefined();
  });
});
