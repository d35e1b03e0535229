import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunCheckOptions } from './check';
import { Scheduler } from './scheduler';
import { SLOT_GRID_MS, slotOffsetMs } from './slots';

const T0 = Date.parse('2026-01-01T00:00:00Z');

const spec = (id: number, periodSeconds = 60, target = 'https://example.test/'): CheckSpec => ({
  monitor_id: id,
  protocol: 'HTTP',
  target,
  period_seconds: periodSeconds,
  timeout_ms: 5000,
});

/** A scheduler on fake time whose check takes `durationMs` (fake) and records what ran. */
function harness(durationMs: (spec: CheckSpec) => number = () => 100) {
  const runs: Array<{ id: number; target: string; slot: number; startedAt: number }> = [];
  const results: CheckResult[] = [];
  let inFlight = 0;
  let maxInFlightPerMonitor = 0;
  const perMonitor = new Map<number, number>();
  let pendingTimers = 0;
  let maxPendingTimers = 0;
  const check = (s: CheckSpec, options: RunCheckOptions) => {
    runs.push({ id: s.monitor_id, target: s.target, slot: options.scheduledAt.getTime(), startedAt: Date.now() });
    inFlight++;
    const mine = (perMonitor.get(s.monitor_id) ?? 0) + 1;
    perMonitor.set(s.monitor_id, mine);
    maxInFlightPerMonitor = Math.max(maxInFlightPerMonitor, mine);
    return new Promise<CheckResult>((resolve) =>
      setTimeout(() => {
        inFlight--;
        perMonitor.set(s.monitor_id, (perMonitor.get(s.monitor_id) ?? 1) - 1);
        resolve({
          monitor_id: s.monitor_id,
          time: options.scheduledAt.toISOString(),
          success: true,
          status_code: 200,
          error: null,
          phases: { resolve: null, connect: 1, tls: null, response: 1, duration: 2 },
          extra_info: {},
        });
      }, durationMs(s)),
    );
  };
  const scheduler = new Scheduler({
    allowPrivateTargets: false,
    onResult: (r) => results.push(r),
    check,
    now: () => Date.now(),
    // Counts the scheduler's own timers: it must never hold more than one.
    setTimer: (fn, ms) => {
      pendingTimers++;
      maxPendingTimers = Math.max(maxPendingTimers, pendingTimers);
      return setTimeout(() => {
        pendingTimers--;
        fn();
      }, ms);
    },
    clearTimer: (handle) => {
      pendingTimers--;
      clearTimeout(handle as NodeJS.Timeout);
    },
  });
  return {
    scheduler,
    runs,
    results,
    inFlight: () => inFlight,
    maxInFlightPerMonitor: () => maxInFlightPerMonitor,
    maxPendingTimers: () => maxPendingTimers,
  };
}

/** Stops a scheduler on fake time: its running checks finish only as fake time passes. */
async function stopOnFakeTime(scheduler: Scheduler) {
  const stopping = scheduler.stop();
  await vi.advanceTimersByTimeAsync(60_000);
  await stopping;
}

describe('Scheduler on fake time', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spreads monitors evenly over the period, each once, with one timer for all', async () => {
    const h = harness();
    h.scheduler.replaceAll(
      Array.from({ length: 600 }, (_, i) => spec(i + 1)),
      { onSlot: true },
    );
    // One period, its last instant excluded: a slot on T0 itself comes again at T0 + 60 s.
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(h.runs).toHaveLength(600);
    expect(new Set(h.runs.map((r) => r.id)).size).toBe(600);
    const perSecond = new Array<number>(60).fill(0);
    for (const r of h.runs) {
      const second = Math.floor((r.slot - T0) / 1000);
      perSecond[second] = (perSecond[second] ?? 0) + 1;
    }
    // 10 a second on average; an even spread keeps every second close to that.
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(12);
    expect(Math.min(...perSecond)).toBeGreaterThanOrEqual(8);
    expect(h.maxPendingTimers()).toBe(1);
    await stopOnFakeTime(h.scheduler);
  });

  it('re-checks a monitor at once on runNow, with its own time, and keeps its slots', async () => {
    const h = harness();
    h.scheduler.replaceAll([spec(1, 300)], { onSlot: true });
    const slot = T0 + slotOffsetMs(1, 300_000);
    // Monitor 1's slot is well into the period, so the re-check comes before it.
    expect(slot).toBeGreaterThan(T0 + 1_200);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.scheduler.runNow(1)).toBe(true);
    expect(h.scheduler.runNow(99)).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(h.runs.map((r) => r.slot)).toEqual([T0 + 1_000]);
    await vi.advanceTimersByTimeAsync(slot + 300_000 - Date.now());
    expect(h.runs.map((r) => r.slot)).toEqual([T0 + 1_000, slot, slot + 300_000]);
    await stopOnFakeTime(h.scheduler);
  });

  it('re-checks right after the run in progress when runNow comes during it', async () => {
    const h = harness(() => 2_000);
    h.scheduler.replaceAll([spec(1, 300)], { onSlot: true });
    const slot = T0 + slotOffsetMs(1, 300_000);
    await vi.advanceTimersByTimeAsync(slot - T0 + 500);
    expect(h.inFlight()).toBe(1);
    h.scheduler.runNow(1);
    await vi.advanceTimersByTimeAsync(1_600);
    expect(h.runs.map((r) => r.slot)).toEqual([slot, slot + 2_000]);
    expect(h.maxInFlightPerMonitor()).toBe(1);
    await stopOnFakeTime(h.scheduler);
  });

  it('runs on absolute slots without drift over many periods', async () => {
    const h = harness((s) => 300 + (s.monitor_id % 7) * 100);
    h.scheduler.replaceAll([spec(1, 5), spec(2, 5), spec(3, 15)], { onSlot: true });
    await vi.advanceTimersByTimeAsync(600_000);
    for (const [id, period] of [
      [1, 5_000],
      [2, 5_000],
      [3, 15_000],
    ] as const) {
      const slots = h.runs.filter((r) => r.id === id).map((r) => r.slot);
      expect(slots.length).toBe(600_000 / period);
      for (const [i, slot] of slots.entries()) {
        expect(slot % period).toBe(slotOffsetMs(id, period) % period);
        if (i > 0) expect(slot - (slots[i - 1] ?? 0)).toBe(period);
      }
    }
    for (const r of h.runs) expect(r.startedAt).toBe(r.slot);
    expect(h.scheduler.stats()).toMatchObject({ skipped: 0, missed: 0, drift: { p99: 0, max: 0 } });
    expect(h.results.map((r) => r.time)).toContain(new Date(h.runs[0]?.slot ?? 0).toISOString());
    await stopOnFakeTime(h.scheduler);
  });

  it('never overlaps a monitor with itself: a slot during a run is skipped and counted', async () => {
    const h = harness(() => 12_000);
    h.scheduler.upsert(spec(1, 5), { onSlot: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.maxInFlightPerMonitor()).toBe(1);
    const slots = h.runs.map((r) => r.slot);
    for (let i = 1; i < slots.length; i++) expect((slots[i] ?? 0) - (slots[i - 1] ?? 0)).toBe(15_000);
    const stats = h.scheduler.stats();
    expect(stats.started).toBe(slots.length);
    expect(stats.skipped).toBeGreaterThanOrEqual(2 * (slots.length - 1));
    await stopOnFakeTime(h.scheduler);
  });

  it('runs a new monitor within 5 s, then on its slots', async () => {
    const h = harness();
    await vi.advanceTimersByTimeAsync(1234);
    const addedAt = Date.now();
    h.scheduler.upsert(spec(42, 300));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.runs).toHaveLength(1);
    expect(h.runs[0]?.startedAt).toBeLessThan(addedAt + 5_000);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(h.runs).toHaveLength(2);
    expect((h.runs[1]?.slot ?? 0) % 300_000).toBe(slotOffsetMs(42, 300_000));
    await stopOnFakeTime(h.scheduler);
  });

  it('applies an edit within 5 s, ignores an unchanged upsert, and stops after remove', async () => {
    const h = harness();
    h.scheduler.upsert(spec(5, 600), { onSlot: true });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(h.runs).toHaveLength(1);

    h.scheduler.upsert(spec(5, 600)); // unchanged
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.runs).toHaveLength(1);

    const editedAt = Date.now();
    h.scheduler.upsert(spec(5, 600, 'https://edited.example.test/'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.runs).toHaveLength(2);
    expect(h.runs[1]).toMatchObject({ target: 'https://edited.example.test/' });
    expect(h.runs[1]?.startedAt).toBeLessThan(editedAt + 5_000);

    h.scheduler.remove(5);
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(h.runs).toHaveLength(2);
    expect(h.scheduler.stats().monitors).toBe(0);
    await stopOnFakeTime(h.scheduler);
  });

  it('replaceAll adds, removes and keeps monitors without a restart', async () => {
    const h = harness();
    h.scheduler.replaceAll([spec(1, 60), spec(2, 60)], { onSlot: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.runs.map((r) => r.id).sort()).toEqual([1, 2]);

    h.runs.length = 0;
    const at = Date.now();
    h.scheduler.replaceAll([spec(2, 60), spec(3, 60)]);
    await vi.advanceTimersByTimeAsync(5_000);
    // 3 is new: it runs within 5 s; 2 is unchanged: it waits for its slot.
    expect(h.runs.map((r) => r.id)).toEqual([3]);
    expect(h.runs[0]?.startedAt).toBeLessThan(at + 5_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.runs.some((r) => r.id === 1)).toBe(false);
    expect(h.runs.filter((r) => r.id === 2)).toHaveLength(2);
    await stopOnFakeTime(h.scheduler);
  });

  it('keeps the same slots across a restart, checking every monitor within one period', async () => {
    const first = harness();
    const specs = Array.from({ length: 50 }, (_, i) => spec(100 + i, 30));
    first.scheduler.replaceAll(specs, { onSlot: true });
    await vi.advanceTimersByTimeAsync(30_000);
    await stopOnFakeTime(first.scheduler);

    await vi.advanceTimersByTimeAsync(7_777);
    const restartedAt = Date.now();
    const second = harness();
    second.scheduler.replaceAll(specs, { onSlot: true });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(new Set(second.runs.map((r) => r.id)).size).toBe(50);
    for (const r of second.runs) {
      expect(r.startedAt).toBeLessThan(restartedAt + 30_000);
      const before = first.runs.find((f) => f.id === r.id);
      expect(r.slot % 30_000).toBe((before?.slot ?? -1) % 30_000);
    }
    await stopOnFakeTime(second.scheduler);
  });

  it('stop waits for running checks and delivers their results', async () => {
    const h = harness(() => 2_000);
    h.scheduler.upsert(spec(1, 60));
    while (h.inFlight() === 0) await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = h.scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    expect(stopped).toBe(true);
    expect(h.results).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.runs).toHaveLength(1);
  });
});

describe('Scheduler on real time', () => {
  // Its drift is bench/scale.bench.ts's figure: a p99 bound failed on a busy machine (issue 26).
  it('starts 300 monitors at a 1 s period on their slots', async () => {
    const results: CheckResult[] = [];
    const scheduler = new Scheduler({
      allowPrivateTargets: false,
      onResult: (r) => results.push(r),
      check: async (s, o) => ({
        monitor_id: s.monitor_id,
        time: o.scheduledAt.toISOString(),
        success: true,
        status_code: null,
        error: null,
        phases: { resolve: null, connect: null, tls: null, response: null, duration: 0 },
        extra_info: {},
      }),
    });
    scheduler.replaceAll(
      Array.from({ length: 300 }, (_, i) => spec(i + 1, 1)),
      { onSlot: true },
    );
    await expect.poll(() => scheduler.stats().started, { timeout: 20_000 }).toBeGreaterThanOrEqual(600);
    await scheduler.stop();
    const stats = scheduler.stats();
    expect(results.length).toBe(stats.completed);
    expect(stats.skipped).toBe(0);
    for (const r of results) expect(Date.parse(r.time) % 1000).toBe(slotOffsetMs(r.monitor_id, 1000));
  });
});

describe('the slot grid', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts every slot on the grid, so the checks due at one point start together on one timer', async () => {
    const h = harness();
    h.scheduler.replaceAll(
      Array.from({ length: 400 }, (_, i) => spec(i + 1)),
      { onSlot: true },
    );
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(h.runs).toHaveLength(400);
    for (const run of h.runs) {
      expect(run.slot % SLOT_GRID_MS).toBe(0);
      expect(run.startedAt).toBe(run.slot);
    }
    // 400 monitors over the grid points of a 60 s period: points hold several each, and most are used.
    const points = 60_000 / SLOT_GRID_MS;
    const perPoint = new Map<number, number>();
    for (const run of h.runs) perPoint.set(run.slot, (perPoint.get(run.slot) ?? 0) + 1);
    expect(Math.max(...perPoint.values())).toBeGreaterThan(1);
    expect(perPoint.size).toBeGreaterThan(points * 0.8);
    await stopOnFakeTime(h.scheduler);
  });

  it('keeps a period shorter than the grid, or not a multiple of it, inside its period', () => {
    for (const period of [1_000, 1_100, 20_000, 86_400_000]) {
      for (let id = 1; id < 2_000; id += 7) {
        const offset = slotOffsetMs(id, period);
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThan(period);
      }
    }
    expect(slotOffsetMs(5, 100)).toBeLessThan(100);
  });
});
