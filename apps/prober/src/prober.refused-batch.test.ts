import { afterEach, expect, it, vi } from 'vitest';
import type { ProberHandle } from './prober';
import { PROBER_KEY, pause, removeDir, startTarget, startTestProber, tempDataDir } from './test-support/e2e';
import { type FakeAgentApi, resultKey, startFakeAgentApi } from './test-support/fake-agent-api';

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

it('drops a batch the server refused as invalid instead of retrying it, and delivers everything after it', async () => {
  api = await startFakeAgentApi({ key: PROBER_KEY });
  target = await startTarget();
  dataDir = await tempDataDir();
  api.setMonitors([1, 2].map(target.spec));
  prober = await startTestProber(api.url, dataDir);
  // Results pile up while the server answers 503, so the batch it then refuses holds several.
  await vi.waitFor(() => expect(prober.stats().assignmentVersion).toBe(1), { timeout: 3_000 });
  api.failWith(503);
  await pause(2_500);
  api.refuseBatches(1);
  api.failWith(null);

  await vi.waitFor(() => expect(api.refusedBatches).toHaveLength(1), { timeout: 5_000 });
  await vi.waitFor(() => expect(api.stored.size).toBeGreaterThanOrEqual(4), { timeout: 5_000 });
  await pause(1_000);
  await prober.stop();

  const [refused = []] = api.refusedBatches;
  const refusedKeys = new Set(refused.map(resultKey));
  expect(refusedKeys.size).toBeGreaterThanOrEqual(4);
  // Never sent again, whole or in part: a refusal is an answer.
  expect(api.received.filter((result) => refusedKeys.has(resultKey(result)))).toEqual([]);
  const stats = prober.stats();
  expect(stats).toMatchObject({ refused: refused.length, buffered: 0, dropped: 0 });
  // Every other result the checks produced arrived.
  expect(api.stored.size).toBe(stats.produced - refused.length);
});
