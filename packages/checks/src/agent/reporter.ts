import type { CheckResult } from '@paydar/contracts/agent';
import type { ResultRefusal } from '@paydar/contracts/agent-api';
import { type Backoff, sleep } from './backoff';
import type { BufferedResult, ResultBuffer } from './buffer';
import { AgentFatalError, BatchRefusedError, describeFailure } from './errors';
import type { AgentLogger } from './logger';

/** What the server said about a delivered batch; an in-process transport may say nothing. */
export interface DeliveryOutcome {
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Results refused one by one as invalid while the rest were stored (servers before it say nothing). */
  refused?: number;
  /** The first of them, by position in the batch. */
  refusals?: ResultRefusal[];
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
  /** Results the server will never take (invalid, too large even alone): logged, then removed. */
  refused: number;
  sendFailures: number;
  lastDeliveryAt: string | null;
}

/**
 * Moves results from the buffer to the server, oldest first, one batch at a time. A batch leaves
 * the buffer only after the server acknowledged it; on failure it stays and the reporter backs
 * off. Ingest is idempotent, so a batch whose acknowledgement was lost is safely sent again.
 * What the server refuses as invalid is logged and removed, never sent again: a refusal is an
 * answer, and retrying it would stop every later result behind it.
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
      this.delivered(batch, outcome);
      if (batch.length < requested) return true;
    }
  }

  private async refused(batch: BufferedResult[], err: BatchRefusedError): Promise<void> {
    const last = batch.at(-1);
    if (!last) return;
    if (err.reason === 'invalid') {
      // The server read the batch and will not take it: the same bytes would be refused again.
      await this.buffer.ack(last.seq);
      this.counts.refused += batch.length;
      this.logger.error(
        {
          batch: batch.length,
          first: describe(batch[0]?.result),
          last: describe(last.result),
          reason: err.message,
        },
        'the server refused the batch as invalid; dropped it',
      );
      return;
    }
    if (batch.length > 1) {
      this.batchSize = Math.ceil(batch.length / 2);
      this.logger.warn(
        { batch: batch.length, next_batch: this.batchSize, reason: err.message },
        'batch too large; sending fewer',
      );
      return;
    }
    // One result too large even alone: keeping it would block every later result.
    await this.buffer.ack(last.seq);
    this.counts.refused++;
    this.logger.error(
      { ...describe(last.result), reason: err.message },
      'the server refused a result; it is removed from the buffer',
    );
  }

  private delivered(batch: BufferedResult[], outcome: SendOutcome): void {
    const count = batch.length;
    const wasFailing = this.backoff.failures > 0;
    this.backoff.reset();
    this.batchSize = Math.min(this.maxBatch, this.batchSize * 2);
    this.counts.delivered += count;
    this.counts.lastDeliveryAt = new Date().toISOString();
    if (outcome) {
      this.counts.accepted += outcome.accepted;
      this.counts.duplicates += outcome.duplicates;
      this.counts.rejected += outcome.rejected;
      if (outcome.refused) {
        this.counts.refused += outcome.refused;
        this.logger.warn(
          {
            refused: outcome.refused,
            batch: count,
            refusals: (outcome.refusals ?? []).map(({ index, field, message }) => ({
              ...describe(batch[index]?.result),
              field,
              message,
            })),
          },
          'the server refused invalid results; the rest were stored',
        );
      }
      if (outcome.rejected > 0) {
        this.logger.warn(
          { rejected: outcome.rejected, batch: count },
          'the server rejected results (monitor paused or no longer assigned to this prober, or time too far off)',
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

/** Which result a log line is about. */
function describe(result: CheckResult | undefined): { monitor_id?: number; time?: string } {
  return result ? { monitor_id: result.monitor_id, time: result.time } : {};
}
