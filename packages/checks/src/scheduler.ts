import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import { type RunCheckOptions, runCheck } from './check';
import { DriftRecorder, type DriftSummary } from './drift';
import { MinHeap } from './min-heap';
import { firstSlotAfter, firstSlotAtOrAfter, idFraction, slotOffsetMs } from './slots';

export interface SchedulerOptions {
  /** Receives every result, in completion order. It should not throw; if it does, onError gets the error. */
  onResult: (result: CheckResult) => void;
  onError?: (err: unknown) => void;
  allowPrivateTargets: boolean;
  /** The check to run; runCheck unless a test or benchmark substitutes one. */
  check?: (spec: CheckSpec, options: RunCheckOptions) => Promise<CheckResult>;
  pingPath?: string;
  /** Wall-clock ms since the epoch; slots are aligned to it. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** A new or edited monitor first runs within this many ms (spread by its id), then on its slots. */
  firstRunWindowMs?: number;
}

export interface SchedulerStats {
  monitors: number;
  running: number;
  started: number;
  completed: number;
  /** Slots not run because the monitor's previous run was still going. */
  skipped: number;
  /** Slots passed over because the scheduler fell more than a period behind (a blocked event loop). */
  missed: number;
  /** Start drift, actual start − scheduled slot, over the most recent runs. */
  drift: DriftSummary;
}

interface Entry {
  at: number;
  id: number;
  gen: number;
}

interface Scheduled {
  spec: CheckSpec;
  key: string;
  gen: number;
  periodMs: number;
  offsetMs: number;
}

/**
 * Runs each monitor once per period on absolute slots (offset + k·period from the epoch, the
 * offset derived from the monitor id), so restarts do not bunch and nothing drifts. One min-heap
 * and one timer serve all monitors. A monitor never overlaps itself: a slot that comes while
 * its previous run is still going is skipped and counted.
 */
export class Scheduler {
  private readonly monitors = new Map<number, Scheduled>();
  private readonly running = new Map<number, Promise<void>>();
  /** Monitors to re-check as soon as their run in progress ends (runNow during a run). */
  private readonly rerun = new Set<number>();
  private readonly heap = new MinHeap<Entry>();
  private readonly drift = new DriftRecorder();
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly check: NonNullable<SchedulerOptions['check']>;
  private readonly firstRunWindowMs: number;
  private timer: unknown = null;
  private armedAt = Number.POSITIVE_INFINITY;
  private nextGen = 1;
  private stopped = false;
  private counts = { started: 0, completed: 0, skipped: 0, missed: 0 };

  constructor(private readonly options: SchedulerOptions) {
    this.now = options.now ?? (() => Date.now());
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as NodeJS.Timeout));
    this.check = options.check ?? runCheck;
    this.firstRunWindowMs = options.firstRunWindowMs ?? 4000;
  }

  /**
   * Adds or changes a monitor. A new or changed one runs within firstRunWindowMs, then on its
   * slots; `onSlot` makes a new one wait for its slot instead (the initial load after a start,
   * so a restart does not run every monitor at once). An unchanged spec is a no-op.
   */
  upsert(spec: CheckSpec, options: { onSlot?: boolean } = {}): void {
    if (this.stopped) return;
    const key = JSON.stringify(spec);
    const existing = this.monitors.get(spec.monitor_id);
    if (existing?.key === key) return;
    const periodMs = spec.period_seconds * 1000;
    const m: Scheduled = {
      spec,
      key,
      gen: this.nextGen++,
      periodMs,
      offsetMs: slotOffsetMs(spec.monitor_id, periodMs),
    };
    this.monitors.set(spec.monitor_id, m);
    const t = this.now();
    const slot = firstSlotAtOrAfter(t, m.offsetMs, periodMs);
    const soon = t + Math.floor(idFraction(spec.monitor_id) * this.firstRunWindowMs);
    this.heap.push({ at: !existing && options.onSlot ? slot : Math.min(slot, soon), id: spec.monitor_id, gen: m.gen });
    this.arm();
  }

  /**
   * Runs a monitor once now, outside its slots (a confirmation round's re-check); its slots stay as
   * they are. A run in progress began before the request, so the re-check follows it at once.
   * Returns false when the monitor is unknown.
   */
  runNow(monitorId: number): boolean {
    const m = this.monitors.get(monitorId);
    if (this.stopped || !m) return false;
    if (this.running.has(monitorId)) this.rerun.add(monitorId);
    else this.startNow(m);
    return true;
  }

  private startNow(m: Scheduled): void {
    this.counts.started++;
    this.start(m.spec, this.now());
  }

  /** Stops scheduling a monitor; a run in progress finishes and its result is still delivered. */
  remove(monitorId: number): void {
    if (this.monitors.delete(monitorId)) this.arm();
  }

  /** Makes the set exactly `specs`: absent monitors are removed, the rest upserted. */
  replaceAll(specs: readonly CheckSpec[], options: { onSlot?: boolean } = {}): void {
    const keep = new Set(specs.map((s) => s.monitor_id));
    for (const id of [...this.monitors.keys()]) if (!keep.has(id)) this.monitors.delete(id);
    for (const spec of specs) this.upsert(spec, options);
    this.arm();
  }

  stats(): SchedulerStats {
    return { monitors: this.monitors.size, running: this.running.size, ...this.counts, drift: this.drift.summary() };
  }

  /** Clears the counters and drift samples, so a benchmark can measure a window of its own. */
  resetStats(): void {
    this.counts = { started: 0, completed: 0, skipped: 0, missed: 0 };
    this.drift.reset();
  }

  /** Schedules nothing more and resolves when the runs in progress have finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.heap.clear();
    await Promise.all(this.running.values());
  }

  private isLive(entry: Entry): boolean {
    return this.monitors.get(entry.id)?.gen === entry.gen;
  }

  private arm(): void {
    if (this.stopped) return;
    let top = this.heap.peek();
    while (top && !this.isLive(top)) {
      this.heap.pop();
      top = this.heap.peek();
    }
    if (top?.at === this.armedAt && this.timer !== null) return;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.armedAt = top?.at ?? Number.POSITIVE_INFINITY;
    if (top) this.timer = this.setTimer(this.tick, Math.max(0, top.at - this.now()));
  }

  private readonly tick = (): void => {
    this.timer = null;
    const t = this.now();
    for (let top = this.heap.peek(); top && top.at <= t; top = this.heap.peek()) {
      this.heap.pop();
      const m = this.monitors.get(top.id);
      if (m?.gen === top.gen) this.fire(m, top.at, t);
    }
    this.arm();
  };

  private fire(m: Scheduled, at: number, t: number): void {
    let next = firstSlotAfter(at, m.offsetMs, m.periodMs);
    if (next <= t) {
      this.counts.missed += Math.floor((t - next) / m.periodMs) + 1;
      next = firstSlotAfter(t, m.offsetMs, m.periodMs);
    }
    this.heap.push({ at: next, id: m.spec.monitor_id, gen: m.gen });
    if (this.running.has(m.spec.monitor_id)) {
      this.counts.skipped++;
      return;
    }
    this.counts.started++;
    // A fresh reading: starting the earlier checks of a busy tick takes time too.
    this.drift.record(this.now() - at);
    this.start(m.spec, at);
  }

  private start(spec: CheckSpec, at: number): void {
    const options: RunCheckOptions = {
      scheduledAt: new Date(at),
      allowPrivateTargets: this.options.allowPrivateTargets,
    };
    if (this.options.pingPath) options.pingPath = this.options.pingPath;
    const run = this.check(spec, options)
      .then(
        (result) => this.deliver(result),
        (err: unknown) => this.reportError(err),
      )
      .finally(() => {
        this.counts.completed++;
        if (this.running.get(spec.monitor_id) !== run) return;
        this.running.delete(spec.monitor_id);
        const m = this.monitors.get(spec.monitor_id);
        if (this.rerun.delete(spec.monitor_id) && m && !this.stopped) this.startNow(m);
      });
    this.running.set(spec.monitor_id, run);
  }

  private deliver(result: CheckResult): void {
    try {
      this.options.onResult(result);
    } catch (err) {
      this.reportError(err);
    }
  }

  private reportError(err: unknown): void {
    if (this.options.onError) this.options.onError(err);
    else console.error('@paydar/checks scheduler:', err);
  }
}
