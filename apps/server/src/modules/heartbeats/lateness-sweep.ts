import { formatSeconds } from '@paydar/domain/format';
import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { requestDispatch } from '../alerts/alert-dispatch.service';
import type { WarnLogger } from '../ingest/confirmation-rounds';
import { ensurePartitions } from '../ingest/probe-records.repository';
import { fileHeartbeatEvent } from './heartbeat-records';
import { dueDays, lockDueHeartbeats, nextDeadline, setDeadline } from './heartbeats.repository';
import { onDeadline } from './lateness-wakeups';

/**
 * Finds the heartbeats whose success did not come within period + grace, and takes them down. It
 * runs at start and every minute (a pg-boss cron job: once per cluster), and between those at the
 * earliest deadline it knows of — the one its last sweep saw, or one a ping in this process just
 * set — on one timer. So an idle server pays one indexed query a minute, and a restart loses
 * nothing: the deadlines are in the database, and a lateness is disarmed in the transaction that
 * takes the monitor down, so it is never decided (nor alerted) twice.
 */

export const LATENESS_SWEEP_QUEUE = 'heartbeats.lateness-sweep';
/** A little after the deadline, so a heartbeat due at the instant is late. */
const MARGIN_MS = 100;

export interface LatenessOutcome {
  /** Heartbeats taken down now. */
  late: number;
  /** The earliest armed deadline still ahead, or null. */
  nextDeadline: number | null;
}

export const lateReason = (periodSeconds: number, graceSeconds: number) =>
  graceSeconds
    ? `No ping within ${formatSeconds(periodSeconds)} and ${formatSeconds(graceSeconds)} of grace.`
    : `No ping within ${formatSeconds(periodSeconds)}.`;

/** Takes down every enabled heartbeat past its deadline on the service clock, each once across replicas. */
export async function sweepLateHeartbeats(context: ServiceContext): Promise<LatenessOutcome> {
  const now = context.now().getTime();
  const days = await dueDays(context.db, now);
  // At idle nothing is due: one query and done.
  if (!days.length) return { late: 0, nextDeadline: await nextDeadline(context.db, now) };
  // Before the transaction, as ingest does: partition DDL waits for writers of probe_records, ours included.
  await ensurePartitions(context.db, [...days, new Date(now).toISOString().slice(0, 10)]);
  const late = await context.runInTransaction(async (transaction) => {
    const due = await lockDueHeartbeats(transaction.db, now);
    let count = 0;
    let transitions = 0;
    for (const heartbeat of due) {
      const allowedMs = (heartbeat.periodSeconds + heartbeat.graceSeconds) * 1000;
      // A monitor paused and resumed gets a whole period and grace from the resumption.
      if (heartbeat.resumedAt !== null && heartbeat.resumedAt + allowedMs > now) {
        await setDeadline(transaction.db, heartbeat.monitorId, heartbeat.resumedAt + allowedMs);
        continue;
      }
      // Late inside a maintenance window is forgiven: it gets a whole period and grace from now.
      if (heartbeat.inMaintenance) {
        await setDeadline(transaction.db, heartbeat.monitorId, now + allowedMs);
        continue;
      }
      const at = Math.max(heartbeat.deadline, heartbeat.resumedAt === null ? 0 : heartbeat.resumedAt + allowedMs);
      transitions += await fileHeartbeatEvent(
        transaction,
        { monitorId: heartbeat.monitorId, apdexMs: 0 },
        { kind: 'late', at, reason: lateReason(heartbeat.periodSeconds, heartbeat.graceSeconds) },
        0,
      );
      await setDeadline(transaction.db, heartbeat.monitorId, null);
      count += 1;
    }
    if (transitions) await requestDispatch(context, transaction);
    return count;
  });
  return { late, nextDeadline: await nextDeadline(context.db, now) };
}

/** The sweep as a job, with its one timer; `stop` clears the timer so it does not fire into a closed database. */
export async function registerLatenessSweep(context: ServiceContext, logger: WarnLogger): Promise<{ stop(): void }> {
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let stopped = false;
  const wakeAt = (at: number) => {
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        sweep().catch((error: unknown) => logger.warn({ err: error }, 'lateness sweep failed; the next one retries'));
      },
      Math.max(0, at - context.now().getTime()) + MARGIN_MS,
    );
    timer.unref();
  };
  const sweep = async () => {
    const outcome = await sweepLateHeartbeats(context);
    if (outcome.nextDeadline !== null) wakeAt(outcome.nextDeadline);
  };
  const forget = onDeadline(context, wakeAt);
  await registerPeriodicJob(context.jobs, LATENESS_SWEEP_QUEUE, '* * * * *', sweep);
  return {
    stop() {
      stopped = true;
      forget();
      clearTimeout(timer);
    },
  };
}
