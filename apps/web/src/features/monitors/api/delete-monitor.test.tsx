// @vitest-environment jsdom

import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setSessionToken } from '@/lib/session-store';
import { buildShopMonitor, summaryPage } from '@/testing/monitor-builders';
import { stubFetch } from '@/testing/test-utils';
import { useListItemMetric } from '../hooks/use-list-item-metric';
import { useDeleteMonitor } from './delete-monitor';
import { useMetric } from './get-metric';
import { monitorQueryKey, useMonitor, useMonitorRemoved } from './get-monitor';
import { useMonitors } from './get-monitors';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

describe('removing a monitor', () => {
  it('reloads the list, but never asks again for the removed monitor’s detail or metric still on screen', async () => {
    setSessionToken('key', 'local');
    const shown = buildShopMonitor({ id: 5 });
    const other = buildShopMonitor({ id: 6 });
    let removed = false;
    const fetchMock = stubFetch((url, init) => {
      const path = new URL(url).pathname;
      if (init.method === 'DELETE') {
        removed = true;
        return { status: 204 };
      }
      if (path === '/api/v1/monitors/') return { body: summaryPage(removed ? [other] : [shown, other]) };
      return { status: removed ? 404 : 200, body: removed ? { detail: 'Not found.' } : shown };
    });
    const { result } = renderHook(
      () => ({
        list: useMonitors(true),
        detail: useMonitor(5, true),
        metric: useMetric(5),
        remove: useDeleteMonitor(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess && result.current.detail.isSuccess).toBe(true));
    const callsBefore = fetchMock.mock.calls.length;

    await act(() => result.current.remove.mutateAsync(5));

    const after = fetchMock.mock.calls
      .slice(callsBefore)
      .map(([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
    expect(after).toContain('DELETE /api/v1/monitors/5/');
    expect(after).toContain('GET /api/v1/monitors/');
    expect(after.filter((call) => call.includes('/monitors/5/') && call.startsWith('GET'))).toEqual([]);
    expect(after.filter((call) => call.includes('/monitors/5/metric'))).toEqual([]);
  });

  it('asks nothing for the figures of a list item drawn again between the removal and leaving the list', async () => {
    setSessionToken('key', 'local');
    const shown = buildShopMonitor({ id: 7 });
    const fetchMock = stubFetch((url, init) => {
      if (init.method === 'DELETE') return { status: 204 };
      if (new URL(url).pathname === '/api/v1/monitors/') return { body: summaryPage([shown]) };
      return { status: 404, body: { detail: 'Not found.' } };
    });
    // The item stays mounted here on purpose: in the app the list's next render takes it away, but a
    // render of the item before that (the removal's dialog closing) is what asked again (issue 37).
    const { result, rerender } = renderHook(() => ({ item: useListItemMetric(7, 0), remove: useDeleteMonitor() }), {
      wrapper,
    });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/monitors/7/metric'))).toBe(true),
    );
    const callsBefore = fetchMock.mock.calls.length;

    await act(() => result.current.remove.mutateAsync(7));
    rerender();
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));

    const asked = fetchMock.mock.calls.slice(callsBefore).map(([url]) => new URL(String(url)).pathname);
    expect(asked).toContain('/api/v1/monitors/7/');
    expect(asked.filter((path) => path.includes('/monitors/7/metric'))).toEqual([]);
  });

  it('asks nothing while the DELETE is on its way, and asks again as before when it fails', async () => {
    setSessionToken('key', 'local');
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await held;
        return new Response(JSON.stringify({ detail: 'Try again.' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const { result } = renderHook(() => ({ removed: useMonitorRemoved(8), remove: useDeleteMonitor() }), { wrapper });
    expect(result.current.removed).toBe(false);

    act(() => result.current.remove.mutate(8));
    await waitFor(() => expect(result.current.removed).toBe(true));
    answer();

    await waitFor(() => expect(result.current.remove.isError).toBe(true));
    expect(result.current.removed).toBe(false);
  });

  it('lets no read of the monitor already on its way when the DELETE starts answer after it', async () => {
    setSessionToken('key', 'local');
    const shown = buildShopMonitor({ id: 9 });
    let refetching = false;
    // The reads of the monitor sent while the removal is not yet asked for: held until aborted, as
    // a server answering them after the DELETE committed would answer 404 (busy whole-suite run).
    const held: AbortSignal[] = [];
    let abortedWhenDeleteSent: boolean[] | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = new URL(String(input)).pathname;
        if (init.method === 'DELETE') {
          abortedWhenDeleteSent = held.map((signal) => signal.aborted);
          return new Response(null, { status: 204 });
        }
        if (refetching && path.startsWith('/api/v1/monitors/9/') && init.signal) {
          const signal = init.signal;
          held.push(signal);
          await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
        }
        const body = path === '/api/v1/monitors/' ? summaryPage([shown]) : shown;
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { result } = renderHook(() => ({ detail: useMonitor(9, true), remove: useDeleteMonitor() }), { wrapper });
    await waitFor(() => expect(result.current.detail.isSuccess).toBe(true));
    // A word from the live stream about it: its detail is read again, and that read is on its way.
    refetching = true;
    void queryClient.invalidateQueries({ queryKey: monitorQueryKey(9) });
    await waitFor(() => expect(held.length).toBe(1));

    await act(() => result.current.remove.mutateAsync(9));

    expect(abortedWhenDeleteSent).toEqual([true]);
  });
});
