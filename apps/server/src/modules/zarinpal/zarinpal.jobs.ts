import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { type ZarinpalClient, zarinpalClientFrom } from './zarinpal.client';
import { listOpenPaymentsBefore } from './zarinpal.repository';
import { failPayment, verifyAndSettle } from './zarinpal.settlement.service';

export const RECONCILE_QUEUE = 'zarinpal.reconcile';
/** A payer still on StartPay is not ours to judge: payments are looked at once this old. */
export const RECONCILE_AFTER_MS = 15 * 60 * 1000;
/** Zarinpal returns unverified money to the payer on its own; past this we stop asking and end the payment. */
export const GIVE_UP_AFTER_MS = 2 * 60 * 60 * 1000;
const BATCH = 100;

export interface ReconcileSummary {
  paid: number;
  failed: number;
  unknown: number;
}

/**
 * Settles payments the callback never settled (the payer closed the tab, verify got no answer, a
 * crash between verify and commit): each is verified like the callback does and credited once,
 * or failed when Zarinpal says it was not paid; one Zarinpal cannot answer for two hours is
 * failed. A payment without an authority (request.json never answered) has nothing to verify.
 */
export async function reconcileZarinpalPayments(
  context: ServiceContext,
  client: ZarinpalClient | undefined = zarinpalClientFrom(context.config),
): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { paid: 0, failed: 0, unknown: 0 };
  const now = context.now();
  const open = await listOpenPaymentsBefore(context.db, new Date(now.getTime() - RECONCILE_AFTER_MS), BATCH);
  for (const payment of open) {
    const stale = now.getTime() - payment.createdAt.getTime() > GIVE_UP_AFTER_MS;
    if (!payment.authority) {
      await failPayment(context, payment.id, 'request: no authority was recorded');
      summary.failed += 1;
      continue;
    }
    if (!client) {
      summary.unknown += 1;
      continue;
    }
    const settlement = await verifyAndSettle(context, client, { ...payment, authority: payment.authority });
    if (settlement.outcome === 'unknown' && stale) {
      const failed = await failPayment(context, payment.id, `unverifiable after two hours: ${settlement.reason}`);
      summary[failed.state === 'paid' ? 'paid' : 'failed'] += 1;
    } else {
      summary[settlement.outcome] += 1;
    }
  }
  return summary;
}

/**
 * Every five minutes, on one replica at a time (pg-boss schedules a cron once per cluster), and
 * once at start: a payment a crash left between verify and its credit is settled as soon as a
 * server is back, not up to five minutes later.
 */
export async function registerZarinpalJobs(context: ServiceContext): Promise<void> {
  await registerPeriodicJob(context.jobs, RECONCILE_QUEUE, '*/5 * * * *', () => reconcileZarinpalPayments(context));
}
