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
const probers: ProberHandle[] = [];
let dataDir: string;

afterEach(async () => {
  for (const prober of probers) await prober.stop();
  await api?.stop();
  await target?.close();
  await removeDir(dataDir);
});

it('delivers every result exactly once when the agent restarts on its data dir while the server is down', async () => {
  api = await startFakeAgentApi({ key: PROBER_KEY });
  target = await startTarget();
  dataDir = await tempDataDir();
  api.setMonitors([1, 2, 3].map(target.spec));

  const first = await startTestProber(api.url, dataDir);
  probers.push(first);
  await vi.waitFor(() => expect(api.stored.size).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
  await api.stop();
  await pause(1_500);
  await first.stop();
  const before = first.stats();
  // The server was away: what the first run could not deliver stayed on disk.
  expect(before.buffered).toBeGreaterThanOrEqual(3);
  expect(before.delivered + before.buffered).toBe(before.produced);

  // The second run starts while the server is still down: it checks from the saved assignments.
  const second = await startTestProber(api.url, dataDir);
  probers.push(second);
  expect(second.stats().buffered).toBe(before.buffered);
  await vi.waitFor(() => expect(second.stats().produced).toBeGreaterThanOrEqual(3), { timeout: 3_000 });
  await api.start();
  await vi.waitFor(() => expect(second.stats().buffered).toBe(0), { timeout: 5_000 });
  await second.stop();

  const after = second.stats();
  expectNoDuplicates(api.received);
  expect(api.stored.size).toBe(before.produced + after.produced);
  expect(target.totalHits()).toBe(before.produced + after.produced);
  expect(after.delivered).toBe(before.buffered + after.produced);
  // Each monitor stays on its 1 s slots; the restart may leave one hole (slots while no agent ran).
  for (const [monitorId, times] of timesByMonitor([...api.stored.values()])) {
    const steps = gaps(times);
    expect({ monitorId, offSlot: steps.filter((g) => g % 1_000 !== 0) }).toEqual({ monitorId, offSlot: [] });
    expect(steps.filter((g) => g !== 1_000).length).toBeLessThanOrEqual(1);
  }
});
