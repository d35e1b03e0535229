import { afterEach, expect, it, vi } from 'vitest';
import type { ProberHandle } from './prober';
import {
  expectNoDuplicates,
  gaps,
  PROBER_KEY,
  pause,
  removeDir,
  startTarget,
  startTestProber,
  tempDataDir,
  timesByMonitor,
} from './test-support/e2e';
import { type FakeAgentApi, startFakeAgentApi } from './test-support/fake-agent-api';

let api: FakeAgentApi;
let target: Awaited<ReturnType<typeof startTarget>>;
let prober: ProberHandle;
let dataDir: string;

afterEach(async () => {
  await prober?.stop();
  await api?.stop();
  await target?.close();
  await removeDir(dataDir);
});

it('delivers every result exactly once across a 503 spell and a server outage', async () => {
  api = await startFakeAgentApi({ key: PROBER_KEY });
  target = await startTarget();
  dataDir = await tempDataDir();
  api.setMonitors([1, 2, 3].map(target.spec));
  prober = await startTestProber(api.url, dataDir);

  await vi.waitFor(() => expect(api.stored.size).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
  await pause(1_000);

  api.failWith(503);
  await pause(1_500);
  api.failWith(null);
  await pause(500);

  await api.stop();
  await pause(2_500);
  // Checks went on while the server was away, and their results waited on disk.
  expect(prober.stats().buffered).toBeGreaterThanOrEqual(3);
  await api.start();
  // Back, with a monitor added: it is picked up within seconds.
  api.setMonitors([1, 2, 3, 4].map(target.spec));
  await vi.waitFor(() => expect(api.received.some((r) => r.monitor_id === 4)).toBe(true), { timeout: 6_000 });
  await vi.waitFor(() => expect(prober.stats().buffered).toBe(0), { timeout: 3_000 });
  await prober.stop();

  const stats = prober.stats();
  expectNoDuplicates(api.received);
  // Every result the checks produced arrived, and every check (a hit on the target) produced one.
  expect(api.stored.size).toBe(stats.produced);
  expect(target.totalHits()).toBe(stats.produced);
  expect(stats).toMatchObject({ delivered: stats.produced, buffered: 0, dropped: 0, rejected: 0 });
  // None lost by both sides: each monitor's results are consecutive 1 s slots, with no hole.
  for (const [monitorId, times] of timesByMonitor([...api.stored.values()])) {
    expect({ monitorId, gaps: gaps(times).filter((g) => g !== 1_000) }).toEqual({ monitorId, gaps: [] });
  }
  expect(stats.sendFailures).toBeGreaterThan(0);
  expect(stats.syncFailures).toBeGreaterThan(0);
});
