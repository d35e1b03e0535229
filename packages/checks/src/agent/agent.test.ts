import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunCheckOptions } from '../check';
import { slotOffsetMs } from '../slots';
import { type Agent, type AgentOptions, type AgentTransport, type Assignments, startAgent } from './agent';
import { MemoryResultBuffer } from './buffer';
import { AgentFatalError, BatchRefusedError } from './errors';
import type { DeliveryOutcome } from './reporter';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const spec = (id: number, periodSeconds = 10, target = `https://example.test/${id}`): CheckSpec => ({
  monitor_id: id,
  protocol: 'HTTP',
  target,
  period_seconds: periodSeconds,
  timeout_ms: 5000,
});
const key = (r: CheckResult) => `${r.monitor_id}@${r.time}`;
const spyLogger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** Speaks the agent protocol in memory: a long-poll that wakes on a new set, a results sink that can fail. */
class FakeTransport implements AgentTransport {
  assignments: Assignments = { version: 0, monitors: [] };
  fetchError: Error | null = null;
  sendError: Error | null = null;
  /** When set, decides per batch whether the server refuses it. */
  refuse: ((results: CheckResult[]) => BatchRefusedError | null) | null = null;
  /** When set, the server's answer to a stored batch. */
  answer: ((results: CheckResult[]) => DeliveryOutcome) | null = null;
  readonly polls: Array<{ version: number; at: number }> = [];
  readonly sendAttempts: number[] = [];
  readonly batches: CheckResult[][] = [];
  private wake: (() => void) | null = null;

  setMonitors(monitors: CheckSpec[]) {
    this.assignments = { version: this.assignments.version + 1, monitors };
    this.wake?.();
  }

  async fetchAssignments(version: number, waitSeconds: number, signal: AbortSignal) {
    this.polls.push({ version, at: Date.now() });
    if (this.fetchError) throw this.fetchError;
    if (version === this.assignments.version) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitSeconds * 1000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
        signal.addEventListener('abort', () => this.wake?.(), { once: true });
      });
      if (signal.aborted) throw new Error('aborted');
      if (version === this.assignments.version) return null;
    }
    return structuredClone(this.assignments);
  }

  async sendResults(results: CheckResult[]) {
    this.sendAttempts.push(Date.now());
    if (this.sendError) throw this.sendError;
    const refused = this.refuse?.(results);
    if (refused) throw refused;
    this.batches.push(results);
    return this.answer?.(results) ?? { accepted: results.length, duplicates: 0, rejected: 0 };
  }

  delivered(): CheckResult[] {
    return this.batches.flat();
  }
}

/** A check that takes 50 ms of fake time and always succeeds. */
const check = (s: CheckSpec, o: RunCheckOptions) =>
  new Promise<CheckResult>((resolve) =>
    setTimeout(
      () =>
        resolve({
          monitor_id: s.monitor_id,
          time: o.scheduledAt.toISOString(),
          success: true,
          status_code: 200,
          error: null,
          phases: { resolve: 1, connect: 1, tls: null, response: 1, duration: 3 },
          extra_info: {},
        }),
      50,
    ),
  );

let transport: FakeTransport;
let buffer: MemoryResultBuffer;
let agent: Agent | null;
const produced: CheckResult[] = [];

function start(overrides: Partial<AgentOptions> = {}) {
  const recording = (s: CheckSpec, o: RunCheckOptions) =>
    check(s, o).then((r) => {
      produced.push(r);
      return r;
    });
  agent = startAgent({
    transport,
    buffer,
    allowPrivateTargets: false,
    backoff: { initialMs: 1000, maxMs: 8000, random: () => 1 },
    scheduler: { check: recording },
    ...overrides,
  });
  return agent;
}

async function stop() {
  const stopping = agent?.stop();
  await vi.advanceTimersByTimeAsync(10_000);
  await stopping;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  transport = new FakeTransport();
  buffer = new MemoryResultBuffer();
  produced.length = 0;
  agent = null;
});
afterEach(async () => {
  if (agent) await stop();
  vi.useRealTimers();
});

describe('assignments', () => {
  it('runs the first set on each monitor’s slot, within one period', async () => {
    transport.setMonitors([spec(1), spec(2), spec(3)]);
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(produced.map((r) => r.monitor_id).sort()).toEqual([1, 2, 3]);
    for (const r of produced) {
      // On its slot, not "as soon as possible": a restart must not bunch every monitor at t0.
      expect(Date.parse(r.time) % 10_000).toBe(slotOffsetMs(r.monitor_id, 10_000));
    }
    expect(agent?.stats().assignmentVersion).toBe(1);
  });

  it('runs a new monitor within 5 s, keeps unchanged ones on their slots, stops removed ones', async () => {
    transport.setMonitors([spec(1), spec(2)]);
    start();
    await vi.advanceTimersByTimeAsync(25_000);
    const before = produced.length;
    transport.setMonitors([spec(1), spec(3)]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(produced.slice(before).some((r) => r.monitor_id === 3)).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    const since = produced.slice(before);
    // Monitor 1 was unchanged: it runs on exactly its slots in the window, none extra.
    const slots = [20_000, 30_000, 40_000, 50_000].map((k) => new Date(T0 + k + slotOffsetMs(1, 10_000)).toISOString());
    expect(since.filter((r) => r.monitor_id === 1).map((r) => r.time)).toEqual(slots);
    expect(since.some((r) => r.monitor_id === 2)).toBe(false);
    expect(agent?.stats().assignmentVersion).toBe(2);
  });

  it('keeps the last set running while the server cannot be reached, polling with back-off', async () => {
    transport.setMonitors([spec(1)]);
    start();
    await vi.advanceTimersByTimeAsync(1_000);
    transport.fetchError = new Error('fetch failed');
    transport.setMonitors([spec(1)]); // wakes the held poll; the next ones fail
    const pollsBefore = transport.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    const failedPolls = transport.polls.slice(pollsBefore).map((p) => p.at);
    const gaps = failedPolls.slice(1).map((at, i) => at - (failedPolls[i] ?? 0));
    // random() = 1 gives exactly the ceiling: 1, 2, 4, 8 s, then capped at 8 s.
    expect(gaps.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(produced.filter((r) => r.monitor_id === 1).length).toBeGreaterThanOrEqual(6);
    expect(agent?.stats().syncFailures).toBeGreaterThan(5);
    transport.fetchError = null;
    transport.setMonitors([spec(1), spec(2)]);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(produced.some((r) => r.monitor_id === 2)).toBe(true);
  });

  it('starts from a known set before the server answers', async () => {
    transport.fetchError = new Error('fetch failed');
    start({ initialAssignments: { version: 7, monitors: [spec(4)] } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(produced.map((r) => r.monitor_id)).toEqual([4]);
    expect(transport.polls[0]?.version).toBe(7);
  });

  it('reports a fatal refusal once and stops polling', async () => {
    const onFatal = vi.fn();
    transport.fetchError = new AgentFatalError('unknown prober key');
    start({ onFatal });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(onFatal).toHaveBeenCalledOnce();
    expect(transport.polls).toHaveLength(1);
  });
});

describe('reporting', () => {
  it('delivers results in batches of at most maxBatch, oldest first', async () => {
    transport.setMonitors(Array.from({ length: 7 }, (_, i) => spec(i + 1, 1)));
    start({ maxBatch: 5, batchIntervalMs: 3_000 });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(Math.max(...transport.batches.map((b) => b.length))).toBe(5);
    const delivered = transport.delivered();
    expect(delivered.map(key)).toEqual(produced.slice(0, delivered.length).map(key));
    await stop();
    expect(transport.delivered().map(key)).toEqual(produced.map(key));
  });

  it('keeps results while sending fails and delivers each exactly once later, backing off', async () => {
    transport.setMonitors([spec(1, 1), spec(2, 1)]);
    start();
    await vi.advanceTimersByTimeAsync(3_000);
    transport.sendError = new Error('fetch failed');
    const attemptsBefore = transport.sendAttempts.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(buffer.size()).toBeGreaterThan(50);
    const attempts = transport.sendAttempts.slice(attemptsBefore);
    const gaps = attempts.slice(1).map((at, i) => at - (attempts[i] ?? 0));
    expect(gaps.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(agent?.stats().sendFailures).toBe(attempts.length);
    transport.sendError = null;
    await vi.advanceTimersByTimeAsync(10_000);
    await stop();
    const delivered = transport.delivered().map(key);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered).toEqual(produced.map(key));
    expect(agent?.stats()).toMatchObject({ delivered: produced.length, buffered: 0, dropped: 0 });
  });

  it('halves a batch too large for the server until it passes, removing only a single result still too large', async () => {
    transport.setMonitors([spec(1, 1), spec(2, 1), spec(3, 1)]);
    const huge = `${T0 + 4_000 + slotOffsetMs(2, 1000)}`;
    transport.refuse = (results) => {
      if (results.length > 4) return new BatchRefusedError('request body is too large', 'too-large');
      if (results.some((r) => r.monitor_id === 2 && `${Date.parse(r.time)}` === huge)) {
        return new BatchRefusedError('request body is too large', 'too-large');
      }
      return null;
    };
    start({ batchIntervalMs: 10_000 });
    await vi.advanceTimersByTimeAsync(10_500);
    await stop();
    const delivered = transport.delivered().map(key);
    expect(delivered).toEqual(produced.map(key).filter((k) => k !== `2@${new Date(Number(huge)).toISOString()}`));
    expect(agent?.stats().refused).toBe(1);
  });

  it('drops a batch the server refused as invalid, logs it and goes on: it is never sent again', async () => {
    transport.setMonitors([spec(1, 1), spec(2, 1)]);
    const logger = spyLogger();
    let refusals = 0;
    transport.refuse = (results) => {
      // The first batch only: a server that cannot read it will not read it the next time either.
      if (refusals > 0) return null;
      refusals++;
      return results.length ? new BatchRefusedError('results: Invalid input', 'invalid') : null;
    };
    start({ batchIntervalMs: 2_000, logger });
    await vi.advanceTimersByTimeAsync(2_500);
    expect(transport.sendAttempts).toHaveLength(1);
    const dropped = agent?.stats().refused ?? 0;
    expect(dropped).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(6_000);
    await stop();
    // Everything after the refused batch arrived; the refused batch never came back.
    expect(transport.delivered().map(key)).toEqual(produced.slice(dropped).map(key));
    expect(agent?.stats()).toMatchObject({ refused: dropped, buffered: 0, sendFailures: 0 });
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ batch: dropped, reason: 'results: Invalid input' }),
      expect.stringMatching(/refused the batch as invalid; dropped/),
    );
  });

  it('logs the results a server refused one by one in an answer that stored the rest', async () => {
    transport.setMonitors([spec(1, 1)]);
    const logger = spyLogger();
    transport.answer = (results) => ({
      accepted: results.length - 1,
      duplicates: 0,
      rejected: 0,
      refused: 1,
      refusals: [{ index: 0, field: 'extra_info.answers.0.data', message: 'Must not contain NUL characters.' }],
    });
    start({ batchIntervalMs: 2_000, logger });
    await vi.advanceTimersByTimeAsync(2_500);
    await stop();
    const [first] = transport.batches[0] ?? [];
    expect(agent?.stats().refused).toBe(transport.batches.length);
    expect(logger.warn).toHaveBeenCalledWith(
      {
        refused: 1,
        batch: transport.batches[0]?.length,
        refusals: [
          {
            monitor_id: first?.monitor_id,
            time: first?.time,
            field: 'extra_info.answers.0.data',
            message: 'Must not contain NUL characters.',
          },
        ],
      },
      'the server refused invalid results; the rest were stored',
    );
  });

  it('stop() delivers what is buffered, and keeps it when the server is down', async () => {
    transport.setMonitors([spec(1, 1)]);
    start({ batchIntervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(500);
    // The reporter's first pass found nothing; the next one is a minute away.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(transport.batches).toHaveLength(0);
    await stop();
    expect(transport.delivered().map(key)).toEqual(produced.map(key));

    transport.sendError = new Error('fetch failed');
    const second = new MemoryResultBuffer();
    buffer = second;
    produced.length = 0;
    start({ batchIntervalMs: 60_000, flushTimeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    await stop();
    expect(second.size()).toBe(produced.length);
    expect((await second.peek(100)).map((e) => key(e.result))).toEqual(produced.map(key));
  });
});
