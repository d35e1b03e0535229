import { CONFIRMATION_WAIT_MS } from '@paydar/domain/confirmation';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { settleInTransaction, type WarnLogger } from './confirmation-rounds';

/**
 * The confirmation rounds' settle timers live in the process that opened the round; this sweep
 * ends the rounds a stopped or killed process left open, from their deadline in the database
 * (monitor_states.confirming_opened_at + CONFIRMATION_WAIT_MS). It runs at start and every
 * minute (a pg-boss cron job: once per cluster), and for rounds not due yet it wakes itself at the
 * earliest deadline — no frequent poller, so an idle server pays one query a minute.
 */

export const CONFIRMATION_SWEEP_QUEUE = 'ingest.confirmation-sweep';

/** A little after the wait, like settleLater, so a round due at the instant is over. */
const SETTLE_MARGIN_MS = 250;

export interface SweepOutcome {
  /** Rounds ended now. */
  settled: number;
  transitions: number;
  /** The earliest deadline (epoch ms) of a round still open and not due, or null. */
  nextDeadline: number | null;
}

/**
 * Ends every round past its deadline on the service clock, once across replicas: the rows are
 * locked with SKIP LOCKED, so a round a batch or another replica is deciding right now is left
 * to it (which reads it again under its own lock).
 */
export async function sweepConfirmationRounds(context: ServiceContext): Promise<SweepOutcome> {
  const now = context.now().getTime();
  const dueBefore = new Date(now - CONFIRMATION_WAIT_MS).toISOString();
  const { settled, transitions } = await context.runInTransaction(async (transaction) => {
    const due = await transaction.db.execute<{ monitor_id: number }>(sql`
      SELECT monitor_id FROM monitor_states
      WHERE confirming_opened_at <= ${dueBefore}::timestamptz
      ORDER BY monitor_id FOR UPDATE SKIP LOCKED`);
    const ids = due.rows.map((row) => row.monitor_id);
    return { settled: ids.length, transitions: ids.length ? await settleInTransaction(context, transaction, ids) : 0 };
  });
  const pending = await context.db.execute<{ opened: number | null }>(sql`
    SELECT (extract(epoch FROM min(confirming_opened_at)) * 1000)::float8 AS opened FROM monitor_states
    WHERE confirming_opened_at > ${dueBefore}::timestamptz`);
  const opened = pending.rows[0]?.opened ?? null;
  return { settled, transitions, nextDeadline: opened === null ? null : opened + CONFIRMATION_WAIT_MS };
}

/**
 * The sweep as a job: at start, every minute, and at the next deadline it saw (one timer at a
 * time). `stop` clears that timer, so it does not fire into a closed database.
 */
export async function registerConfirmationSweep(
  context: ServiceContext,
  logger: WarnLogger,
): Promise<{ stop(): void }> {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let stopped = false;
  const sweep = async () => {
    const outcome = await sweepConfirmationRounds(context);
    if (stopped || outcome.nextDeadline === null || outcome.nextDeadline >= timerAt) return;
    clearTimeout(timer);
    timerAt = outcome.nextDeadline;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        sweep().catch((error: unknown) =>
          logger.warn({ err: error }, 'confirmation sweep failed; the next one retries'),
        );
      },
      Math.max(0, outcome.nextDeadline - context.now().getTime()) + SETTLE_MARGIN_MS,
    );
    timer.unref();
  };
  await registerPeriodicJob(context.jobs, CONFIRMATION_SWEEP_QUEUE, '* * * * *', sweep);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
