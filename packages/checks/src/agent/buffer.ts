import type { CheckResult } from '@paydar/contracts/agent';
import { type AgentLogger, silentLogger } from './logger';

/** A result waiting for delivery, with its place in the buffer's order (increasing, gaps allowed). */
export interface BufferedResult {
  seq: number;
  result: CheckResult;
}

/**
 * Where results wait between the scheduler and the server. The reporter reads the oldest with
 * peek(), sends them, and acks the last one it sent; only then are they gone. Acking by
 * sequence number, not by count, stays right when the bound drops the oldest while a batch is
 * on its way.
 */
export interface ResultBuffer {
  /** Keeps a result. Never throws: past the bound the oldest result is dropped, counted and logged. */
  append(result: CheckResult): void;
  /** Up to `n` of the oldest results, oldest first, left in the buffer. */
  peek(n: number): Promise<BufferedResult[]>;
  /** Removes every result with seq ≤ `throughSeq` (they were delivered). */
  ack(throughSeq: number): Promise<void>;
  /** Results waiting. */
  size(): number;
  /** Results dropped past the bound (or unwritable), since the buffer was created. */
  dropped(): number;
}

/** Logs dropped results without flooding: the first drop at once, then one line per interval. */
export class DropLog {
  private total = 0;
  private unlogged = 0;
  private lastLogAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly logger: AgentLogger,
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  note(count: number, reason: string): void {
    this.total += count;
    this.unlogged += count;
    const t = this.now();
    if (t - this.lastLogAt < this.intervalMs) return;
    this.logger.warn(
      { dropped: this.unlogged, dropped_total: this.total, reason },
      `dropped ${this.unlogged} result(s): ${reason}`,
    );
    this.unlogged = 0;
    this.lastLogAt = t;
  }

  get count(): number {
    return this.total;
  }
}

export interface MemoryResultBufferOptions {
  /** At most this many results are kept; past it the oldest are dropped (default 100,000). */
  maxResults?: number;
  logger?: AgentLogger;
}

/** A bounded in-memory buffer, for the server's built-in prober: a restart loses what it holds. */
export class MemoryResultBuffer implements ResultBuffer {
  private entries: BufferedResult[] = [];
  /** Index of the oldest live entry; the array is compacted now and then instead of shifted. */
  private start = 0;
  private nextSeq = 1;
  private readonly maxResults: number;
  private readonly drops: DropLog;

  constructor(options: MemoryResultBufferOptions = {}) {
    this.maxResults = Math.max(1, options.maxResults ?? 100_000);
    this.drops = new DropLog(options.logger ?? silentLogger);
  }

  append(result: CheckResult): void {
    this.entries.push({ seq: this.nextSeq++, result });
    const over = this.size() - this.maxResults;
    if (over > 0) {
      this.start += over;
      this.drops.note(over, `the buffer holds at most ${this.maxResults} results`);
      this.compact();
    }
  }

  async peek(n: number): Promise<BufferedResult[]> {
    return this.entries.slice(this.start, this.start + Math.max(0, n));
  }

  async ack(throughSeq: number): Promise<void> {
    while (this.start < this.entries.length && (this.entries[this.start]?.seq ?? 0) <= throughSeq) this.start++;
    this.compact();
  }

  size(): number {
    return this.entries.length - this.start;
  }

  dropped(): number {
    return this.drops.count;
  }

  private compact(): void {
    if (this.start > 1024 && this.start * 2 > this.entries.length) {
      this.entries = this.entries.slice(this.start);
      this.start = 0;
    }
  }
}
