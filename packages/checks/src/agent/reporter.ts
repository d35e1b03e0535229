import type { CheckResult } from '@paydar/contracts/agent';
import { type Backoff, sleep } from './backoff';
import type { BufferedResult, ResultBuffer } from './buffer';
import { AgentFatalError, BatchRefusedError, describeFailure } from './errors';
import type { AgentLogger } from './logger';

/** What the server said about a delivered batch; an in-process transport may say nothing. */
export interface DeliveryOutcome {
  accepted: number;
  duplicates: number;
  rejected: number;
}

/** Delivers a batch; what it resolves to (the server's counts, or nothing) only feeds stats and logs. */
export type SendResults = (
  results: CheckResult[],
  signal: AbortSignal,
) => Promise<DeliveryOutcome | undefined> | Promise<void>;
type SendOutcome = Awaited<ReturnType<SendResults>>;

export interface ReporterCounts {
  /** Results the server acknowledged (stored now or already stored). */
  delivered: number;
  accepted: number;
  duplicates: number;
  /** Results the server acknowledged but did not store (monitor no longer assigned, time too far off). */
  rejected: number;
  /** Results the server refused one by one (too large, invalid): logged, then removed. */
  refused: number;
  sendFailures: number;
  lastDeliveryAt: string | null;
}

/**
 * Moves results from the buffer to the server, oldest first, one batch at a time. A batch leaves
 * the buffer only after the server acknowledged it; on failure it stays and the reporter backs
 * off. Ingest is idempotent, so a batch whose acknowledgement was lost is safely sent again.
 */
export class Reporter {
  readonly counts: ReporterCounts = {
    delivered: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    refused: 0,
    sendFailures: 0,
    lastDeliveryAt: null,
  };
  /** Shrinks while the server refuses batches as too large or invalid, grows back after a success. */
  private batchSize: number;

  constructor(
    private readonly send: SendResults,
    private readonly buffer: ResultBuffer,
    private readonly logger: AgentLogger,
    private readonly maxBatch: number,
    private readonly backoff: Backoff,
  ) {
    this.batchSize = maxBatch;
  }

  /** Drains every `intervalMs` until `stopping` aborts; each send may run until `hard` aborts. */
  async run(intervalMs: number, stopping: AbortSignal, hard: AbortSignal): Promise<void> {
    while (!stopping.aborted) {
      let ok: boolean;
      try {
        ok = await this.drain(hard, stopping);
      } catch (err) {
        if (err instanceof AgentFatalError) throw err;
        // The buffer failed (a disk error): the results stay where they are; try again later.
        this.logger.error({ error: describeFailure(err) }, 'cannot read or update the result buffer');
        ok = false;
      }
      await sleep(ok ? intervalMs : this.backoff.next(), stopping);
    }
  }

  /**
   * Sends batches until the buffer is empty (true) or a send fails (false). Throws
   * AgentFatalError. `until`, when given, ends the loop between batches once it aborts.
   */
  async drain(hard: AbortSignal, until?: AbortSignal): Promise<boolean> {
    for (;;) {
      if (until?.aborted || hard.aborted) return true;
      const requested = this.batchSize;
      const batch = await this.buffer.peek(requested);
      const last = batch.at(-1);
      if (!last) return true;
      let outcome: SendOutcome;
      try {
        outcome = await this.send(
          batch.map((entry) => entry.result),
          hard,
        );
      } catch (err) {
        if (err instanceof AgentFatalError) throw err;
        if (err instanceof BatchRefusedError) {
          await this.refused(batch, err);
          continue;
        }
        this.counts.sendFailures++;
        this.logFailure(err, batch.length);
        return false;
      }
      await this.buffer.ack(last.seq);
      this.delivered(batch.length, outcome);
      if (batch.length < requested) return true;
    }
  }

  private async refused(batch: BufferedResult[], err: BatchRefusedError): Promise<void> {
    const [entry] = batch;
    if (!entry) return;
    if (batch.length > 1) {
      this.batchSize = Math.ceil(batch.length / 2);
      this.logger.warn(
        { batch: batch.length, next_batch: this.batchSize, reason: err.message },
        'batch refused; sending fewer',
      );
      return;
    }
    // One result the server will never take: keeping it would block every later result.
    await this.buffer.ack(entry.seq);
    this.counts.refused++;
    this.logger.error(
      { monitor_id: entry.result.monitor_id, time: entry.result.time, reason: err.message },
      'the server refused a result; it is removed from the buffer',
    );
  }

  private delivered(count: number, outcome: SendOutcome): void {
    const wasFailing = this.backoff.failures > 0;
    this.backoff.reset();
    this.batchSize = Math.min(this.maxBatch, this.batchSize * 2);
    this.counts.delivered += count;
    this.counts.lastDeliveryAt = new Date().toISOString();
    if (outcome) {
      this.counts.accepted += outcome.accepted;
      this.counts.duplicates += outcome.duplicates;
      this.counts.rejected += outcome.rejected;
      if (outcome.rejected > 0) {
        this.logger.warn(
          { rejected: outcome.rejected, batch: count },
          'the server rejected results (monitor no longer assigned to this prober, or time too far off)',
        );
      }
    }
    if (wasFailing) this.logger.info({ batch: count, buffered: this.buffer.size() }, 'delivering results again');
  }

  private logFailure(err: unknown, batch: number): void {
    // Every failure while it lasts would flood the log: the first, then each tenth.
    const failures = this.backoff.failures;
    if (failures % 10 !== 0) return;
    this.logger.warn(
      { error: describeFailure(err), batch, buffered: this.buffer.size(), failures: failures + 1 },
      'cannot deliver results; keeping them and retrying',
    );
  }
}
