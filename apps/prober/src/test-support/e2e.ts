import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@paydar/checks/agent/logger';
import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import { expect } from 'vitest';
import type { ProberConfig } from '../config';
import { type ProberHandle, startProber } from '../prober';

export const PROBER_KEY = 'test-prober-key';

/** A real HTTP target on loopback; counts the requests (one per check) by path. */
export async function startTarget() {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    hits.set(req.url ?? '/', (hits.get(req.url ?? '/') ?? 0) + 1);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    spec: (monitorId: number): CheckSpec => ({
      monitor_id: monitorId,
      protocol: 'HTTP',
      target: `http://127.0.0.1:${port}/m/${monitorId}`,
      period_seconds: 1,
      timeout_ms: 2_000,
      http: { method: 'GET', headers: [], body: null, max_redirects: 0 },
    }),
    totalHits: () => [...hits.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const tempDataDir = () => mkdtemp(join(tmpdir(), 'paydar-prober-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

/** The real prober (HTTP transport, disk buffer) with timings shortened for a test. */
export function startTestProber(serverUrl: string, dataDir: string): Promise<ProberHandle> {
  const config: ProberConfig = {
    serverUrl,
    key: PROBER_KEY,
    dataDir,
    maxBuffer: 100_000,
    allowPrivateTargets: true,
    logLevel: 'info',
  };
  return startProber(config, {
    logger: silentLogger,
    agent: {
      batchIntervalMs: 200,
      backoff: { initialMs: 100, maxMs: 400 },
      assignmentsWaitSeconds: 2,
      flushTimeoutMs: 2_000,
    },
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each monitor's result times, sorted, in ms. */
export function timesByMonitor(results: CheckResult[]): Map<number, number[]> {
  const byMonitor = new Map<number, number[]>();
  for (const r of results) byMonitor.set(r.monitor_id, [...(byMonitor.get(r.monitor_id) ?? []), Date.parse(r.time)]);
  for (const times of byMonitor.values()) times.sort((a, b) => a - b);
  return byMonitor;
}

/** Consecutive gaps of a sorted list. */
export const gaps = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] ?? 0));

/** Every stored result was received once: a resent result would show up as a duplicate. */
export function expectNoDuplicates(received: CheckResult[]) {
  const keys = received.map((r) => `${r.monitor_id}@${r.time}`);
  expect(new Set(keys).size).toBe(keys.length);
}
