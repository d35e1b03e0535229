// @vitest-environment jsdom
import type { Metric, SharedMonitor } from '@paydar/contracts/metrics';
import { newestFirst, summaryOf } from '@paydar/contracts/monitor-summary';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { metricQueryKey } from '@/features/monitors/api/get-metric';
import { monitorQueryKey } from '@/features/monitors/api/get-monitor';
import { monitorsQueryOptions } from '@/features/monitors/api/get-monitors';
import { buildMetric, buildMonitor, page } from '@/testing/monitor-builders';
import { liveItem, liveState } from './live.test-support';
import {
  applyLiveMonitor,
  applyLiveReady,
  applyLiveRemoved,
  SHARED_ANSWER_MAX_AGE_MS,
  withLiveState,
} from './live-cache';

const NOW = Date.parse('2026-11-26T10:00:30.000Z');
const listKey = monitorsQueryOptions().queryKey;
const listOf = (client: QueryClient) =>
  client.getQueryData<{ count: number; results: ReturnType<typeof summaryOf>[] }>(listKey);

function clientWith(ids: number[]) {
  const client = new QueryClient();
  const monitors = ids.map((id) => buildMonitor({ id }));
  client.setQueryData(listKey, { ...page(monitors.map(summaryOf)) });
  for (const monitor of monitors) {
    client.setQueryData(monitorQueryKey(monitor.id), monitor);
    client.setQueryData(metricQueryKey(monitor.id, 'today'), buildMetric());
  }
  return client;
}

describe('withLiveState', () => {
  it('opens a downtime from when the push says, lasting until now', () => {
    const down = withLiveState(
      buildMetric(),
      liveState(7, { is_down: true, last_status_code: 503, downtime_from: '2026-11-26T10:00:00.000Z' }),
      NOW,
    );
    expect(down).toMatchObject({ is_down: true, last_status_code: 503 });
    expect(down.downtimes[0]).toEqual({
      from_time: '2026-11-26T10:00:00.000Z',
      to_time: null,
      duration: 30,
      ended_by: null,
      reason: null,
    });
  });

  it('keeps why the downtime began when the owner’s stream says it', () => {
    const live = liveState(7, {
      is_down: true,
      last_status_code: 200,
      downtime_from: '2026-11-26T10:00:00.000Z',
      downtime_reason: 'Keyword "Error" found',
    });
    expect(withLiveState(buildMetric(), live, NOW).downtimes[0]?.reason).toBe('Keyword "Error" found');
  });

  it('ends the open downtime at the last check once the push says none is open', () => {
    const open: Metric = buildMetric({
      is_down: true,
      downtimes: [{ from_time: '2026-11-26T09:00:00.000Z', to_time: null, duration: 60, ended_by: null, reason: null }],
    });
    const up = withLiveState(open, liveState(7, { last_check_at: '2026-11-26T09:10:00.000Z' }), NOW);
    expect(up.is_down).toBe(false);
    expect(up.downtimes).toEqual([
      {
        from_time: '2026-11-26T09:00:00.000Z',
        to_time: '2026-11-26T09:10:00.000Z',
        duration: 600,
        ended_by: 'recovery',
        reason: null,
      },
    ]);
  });
});

describe('applyLiveMonitor', () => {
  it('writes the state into the list item, the monitor and today’s figures', () => {
    const client = clientWith([7, 8]);
    applyLiveMonitor(client, liveState(7, { is_enabled: false, last_status_code: 404, is_flapping: true }), NOW);
    const item = listOf(client)?.results.find((summary) => summary.id === 7);
    expect(item).toMatchObject({ is_enabled: false, last_status_code: 404, is_flapping: true });
    expect(listOf(client)?.results.find((summary) => summary.id === 8)?.last_status_code).toBe(200);
    expect(client.getQueryData(monitorQueryKey(7))).toMatchObject({ is_enabled: false, last_status_code: 404 });
    expect(client.getQueryData<Metric>(metricQueryKey(7, 'today'))?.last_status_code).toBe(404);
    // Figures only the server computes are asked for again.
    expect(client.getQueryState(metricQueryKey(7, 'today'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(metricQueryKey(8, 'today'))?.isInvalidated).toBe(false);
  });

  it('puts a monitor added elsewhere in its place in the list, without reading the list again', () => {
    const client = clientWith([9, 5]);
    applyLiveMonitor(client, liveState(7, { item: liveItem({ alias: 'shop', labels: ['web'] }) }), NOW);
    expect(listOf(client)?.results.map((item) => item.id)).toEqual([9, 7, 5]);
    expect(listOf(client)?.count).toBe(3);
    expect(listOf(client)?.results[1]).toMatchObject({ alias: 'shop', labels: ['web'], last_status_code: 200 });
    applyLiveMonitor(client, liveState(12, { item: liveItem() }), NOW);
    applyLiveMonitor(client, liveState(2, { item: liveItem() }), NOW);
    expect(listOf(client)?.results.map((item) => item.id)).toEqual([12, 9, 7, 5, 2]);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
  });

  it.each([
    ['stamped in the same instant', '2026-11-26T09:00:01.000Z', '2026-11-26T09:00:01.000Z'],
    // Two creates racing: the one that began first is stamped earlier but given the later id.
    ['stamped in the other order than their ids', '2026-11-26T09:00:02.000Z', '2026-11-26T09:00:01.000Z'],
  ])(
    'places two monitors created at once where the server lists them (%s), in whichever order they are pushed',
    (_, stampOf11, stampOf12) => {
      const stamps: Record<number, string> = { 11: stampOf11, 12: stampOf12 };
      for (const pushed of [
        [11, 12],
        [12, 11],
      ]) {
        const client = clientWith([13, 10]);
        for (const id of pushed)
          applyLiveMonitor(client, liveState(id, { item: liveItem({ creation_time: stamps[id] }) }), NOW);
        const results = listOf(client)?.results ?? [];
        // The server's order: the highest id first.
        expect(results.map((item) => item.id)).toEqual([13, 12, 11, 10]);
        expect(results).toEqual([...results].sort(newestFirst));
      }
    },
  );

  it('shows an edit made elsewhere, and reads the whole monitor again only when its settings moved', () => {
    const client = clientWith([7]);
    const saved = liveItem({ edited_at: new Date(NOW - 60_000).toISOString() });
    applyLiveMonitor(client, liveState(7, { item: saved }), NOW);
    // A check: the settings did not move since the monitor was read.
    expect(client.getQueryState(monitorQueryKey(7))?.isInvalidated).toBe(false);
    const edited = { ...saved, alias: 'shop front', labels: ['eu'], edited_at: new Date(NOW).toISOString() };
    applyLiveMonitor(client, liveState(7, { item: edited }), NOW);
    expect(listOf(client)?.results[0]).toMatchObject({ alias: 'shop front', labels: ['eu'] });
    expect(client.getQueryData(monitorQueryKey(7))).toMatchObject({ alias: 'shop front', labels: ['eu'] });
    expect(client.getQueryState(monitorQueryKey(7))?.isInvalidated).toBe(true);
  });

  it('writes a maintenance window starting or ending into today’s figures, and leaves them when not told', () => {
    const client = clientWith([7]);
    applyLiveMonitor(client, liveState(7, { in_maintenance_until: '2026-11-26T11:00:00.000Z' }), NOW);
    expect(client.getQueryData<Metric>(metricQueryKey(7, 'today'))?.in_maintenance_until).toBe(
      '2026-11-26T11:00:00.000Z',
    );
    applyLiveMonitor(client, liveState(7), NOW);
    expect(client.getQueryData<Metric>(metricQueryKey(7, 'today'))?.in_maintenance_until).toBe(
      '2026-11-26T11:00:00.000Z',
    );
    applyLiveMonitor(client, liveState(7, { in_maintenance_until: null }), NOW);
    expect(client.getQueryData<Metric>(metricQueryKey(7, 'today'))?.in_maintenance_until).toBeNull();
  });

  it('reloads the list for a monitor an older server pushes without its item, and updates a shared page of it', () => {
    const client = clientWith([7]);
    const sharedKey = ['shared-monitor', 'symlink', 'token-9', 'today'];
    client.setQueryData<SharedMonitor>(sharedKey, { monitor: buildMonitor({ id: 9 }), metric: buildMetric() });
    vi.useFakeTimers();
    try {
      applyLiveMonitor(client, liveState(9, { is_down: true }), NOW);
      expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
      expect(client.getQueryData<SharedMonitor>(sharedKey)?.metric.is_down).toBe(true);
      // Not read again while the browser may still hand back its kept (older) answer.
      expect(client.getQueryState(sharedKey)?.isInvalidated).toBe(false);
      vi.advanceTimersByTime(SHARED_ANSWER_MAX_AGE_MS);
      expect(client.getQueryState(sharedKey)?.isInvalidated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('removal and ready', () => {
  it('drops a removed monitor, and those a reconnect no longer lists', () => {
    const client = clientWith([7, 8, 9]);
    applyLiveRemoved(client, 9);
    expect(listOf(client)?.results.map((item) => item.id)).toEqual([7, 8]);
    expect(listOf(client)?.count).toBe(2);
    expect(client.getQueryData(monitorQueryKey(9))).toBeUndefined();
    applyLiveReady(client, { ids: [7], down: [] });
    expect(listOf(client)?.results.map((item) => item.id)).toEqual([7]);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    applyLiveReady(client, { ids: [7, 10], down: [] });
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
  });

  it('reads today’s figures again after a fresh connection, not after a resume', () => {
    const client = clientWith([7]);
    client.setQueryData(metricQueryKey(7, 1_700_000_000_000), buildMetric());
    applyLiveReady(client, { ids: [7], down: [] });
    expect(client.getQueryState(metricQueryKey(7, 'today'))?.isInvalidated).toBe(false);
    applyLiveReady(client, { ids: [7], down: [] }, true);
    expect(client.getQueryState(metricQueryKey(7, 'today'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(metricQueryKey(7, 1_700_000_000_000))?.isInvalidated).toBe(false);
  });
});
