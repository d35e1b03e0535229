import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { type ConsoleClient, ConsoleError, consoleClientFrom } from './console.client';
import { listRequestedTransfersBefore, markTransferAbandoned } from './console-credit.repository';
import { creditConsoleTransfer } from './console-credit.settlement';

export const CONSOLE_RECONCILE_QUEUE = 'console-credit.reconcile';
/** Far longer than a console call may take (10 s): a transfer this old is no longer in flight. */
export const RECONCILE_AFTER_MS = 2 * 60 * 1000;
/**
 * Past this, a transfer the console cannot tell us about is given up: abandoned with the reason
 * 'unverifiable after a day', for an operator to check with the console.
 */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface ConsoleReconcileSummary {
  credited: number;
  abandoned: number;
  unknown: number;
}

/**
 * Finishes console transfers whose request never finished (a crash, a lost answer, a timeout the
 * caller did not retry): the console is asked whether it made the transfer under the key; if it
 * did, the wallet is credited once; if not, the record is abandoned (nothing moved). A console
 * that cannot answer is asked again next run, for a day.
 */
export async function reconcileConsoleTransfers(
  context: ServiceContext,
  client: ConsoleClient | undefined = consoleClientFrom(context.config),
): Promise<ConsoleReconcileSummary> {
  const summary: ConsoleReconcileSummary = { credited: 0, abandoned: 0, unknown: 0 };
  if (!client) return summary;
  const now = context.now();
  const open = await listRequestedTransfersBefore(context.db, new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH);
  for (const record of open) {
    try {
      const found = await client.findTransfer(record.idempotencyKey);
      if (found) {
        await creditConsoleTransfer(context, record, found.transferId);
        summary.credited += 1;
      } else {
        await markTransferAbandoned(context.db, record.id, 'the console made no transfer under this key', now);
        summary.abandoned += 1;
      }
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      if (now.getTime() - record.createdAt.getTime() > GIVE_UP_AFTER_MS) {
        await markTransferAbandoned(context.db, record.id, `unverifiable after a day: ${error.message}`, now);
        summary.abandoned += 1;
      } else {
        summary.unknown += 1;
      }
    }
  }
  return summary;
}

/** Every five minutes on one replica (pg-boss cron), and once at start. */
export async function registerConsoleCreditJobs(context: ServiceContext): Promise<void> {
  await registerPeriodicJob(context.jobs, CONSOLE_RECONCILE_QUEUE, '*/5 * * * *', () =>
    reconcileConsoleTransfers(context),
  );
}
