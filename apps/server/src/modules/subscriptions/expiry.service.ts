import { displayName } from '@paydar/domain/display-name';
import type { ServiceContext } from '../../context';
import { postLedgerEntry } from '../ledger/ledger.repository';
import { enqueueMail } from '../mail/mail.jobs';
import { pauseMonitors } from '../monitors/monitor-pauses.repository';
import { FREE_PLAN_NAME } from '../plans/plans.catalogue';
import { findActiveSubscription, findPlanByName, replaceActiveSubscription } from '../plans/plans.repository';
import { bumpAssignmentVersions } from '../probers/probers.repository';
import { addPeriod, monitorsBeyondPlan, priceOf, renewalStart, renewsFromWallet } from './subscription-rules';
import {
  type EndReason,
  expiryNoticeMail,
  movedToFreeMail,
  type RenewalOutlook,
  renewedMail,
} from './subscriptions.mails';
import {
  disableMonitors,
  listEndedSubscriptions,
  listSubscriptionsToNotice,
  lockEnabledMonitors,
  lockSubscriptionToNotice,
  lockWallet,
  markNoticeSent,
  trimMonitorProbers,
} from './subscriptions.repository';

/** The notice goes out this long before a plan ends. */
export const EXPIRY_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;
/** Subscriptions handled per kind and run; the rest wait for the next run (every 10 minutes). */
const BATCH = 500;

export type ExpiryOutcome = 'renewed' | 'moved-to-free' | 'skipped';

const recipientOf = (context: ServiceContext, to: string) => ({
  productName: context.config.PRODUCT_NAME,
  to,
  financeLink: new URL('/finance', context.config.DASHBOARD_URL).toString(),
});

/** 'Silver (Monthly)': how mails name a subscription ('Your Silver (Monthly) plan …'). */
const mailLabel = (planName: string, period: string | null) => (period ? `${planName} (${period})` : planName);

/** Renewal price of a subscription's plan and period, or null when the wallet does not renew it. */
function renewalPrice(plan: { level: number; defaultCost: number }, period: 'Monthly' | 'Yearly' | null) {
  return period && renewsFromWallet(plan, period) ? priceOf(plan.defaultCost, period) : null;
}

/**
 * The "ends in three days" mail, once per subscription (expiry_notice_sent_at), in the same
 * transaction that marks it sent. Returns whether this call sent it.
 */
export async function sendExpiryNotice(context: ServiceContext, subscriptionId: number): Promise<boolean> {
  const now = context.now();
  return context.runInTransaction(async (transaction) => {
    const found = await lockSubscriptionToNotice(transaction.db, subscriptionId, now);
    const expireTime = found?.subscription.expireTime;
    if (!found || !expireTime) return false;
    const { subscription, plan, wallet } = found;
    const price = renewalPrice(plan, subscription.period);
    const outlook: RenewalOutlook =
      price === null
        ? { kind: 'not-from-wallet' }
        : !subscription.autoRenew
          ? { kind: 'renewal-off' }
          : { kind: wallet.balance >= price ? 'covered' : 'short', price, balance: wallet.balance };
    const mail = expiryNoticeMail(recipientOf(context, wallet.email), {
      planLabel: mailLabel(plan.name, subscription.period),
      expireTime,
      outlook,
    });
    await enqueueMail(context.jobs, mail, transaction);
    await markNoticeSent(transaction.db, subscription.id, now);
    return true;
  });
}

/**
 * Ends one subscription whose time is up, in its own transaction under the user's row lock
 * (skipped when another replica, a purchase or a payment holds it: the next run takes it):
 * renewed from the wallet when its renewal is on and the wallet covers the same plan and period
 * (the debit keyed `renewal:<id>`, so no run charges twice; the new period starts where the old
 * one ended, or now when that is a whole period back), otherwise moved to Free: the monitors
 * beyond Free's limits are switched off and the ones kept lose the probers beyond Free's count.
 * The mail is enqueued in the same transaction.
 */
export async function expireSubscription(
  context: ServiceContext,
  due: { id: number; userId: number },
): Promise<ExpiryOutcome> {
  const now = context.now();
  return context.runInTransaction(async (transaction) => {
    const { db } = transaction;
    const wallet = await lockWallet(db, due.userId, { skipLocked: true });
    if (!wallet) return 'skipped';
    const current = await findActiveSubscription(db, due.userId);
    if (!current || current.id !== due.id || !current.expireTime || current.expireTime > now) return 'skipped';
    const label = mailLabel(current.plan.name, current.period);
    const recipient = recipientOf(context, wallet.email);
    const price = renewalPrice(current.plan, current.period);

    if (price !== null && current.period && current.autoRenew && wallet.balance >= price) {
      // A key already posted (created: false) means this renewal was paid: starting it is still right.
      const { entry } = await postLedgerEntry(
        db,
        {
          userId: due.userId,
          amount: -price,
          source: 'plan_renewal',
          description: `Plan ${label} renewal`,
          idempotencyKey: `renewal:${current.id}`,
        },
        now,
      );
      const start = renewalStart(current.expireTime, current.period, now);
      const expireTime = addPeriod(start, current.period);
      await replaceActiveSubscription(db, {
        userId: due.userId,
        planId: current.planId,
        period: current.period,
        now: start,
        expireTime,
      });
      const mail = renewedMail(recipient, { planLabel: label, price, balance: entry.balanceAfter, expireTime });
      await enqueueMail(context.jobs, mail, transaction);
      return 'renewed';
    }

    const free = await findPlanByName(db, FREE_PLAN_NAME);
    if (!free) throw new Error('the Free plan is missing');
    await replaceActiveSubscription(db, { userId: due.userId, planId: free.id, period: null, now, expireTime: null });
    const enabled = await lockEnabledMonitors(db, due.userId);
    const switchedOff = monitorsBeyondPlan(enabled, free.specifications);
    const kept = enabled.filter((monitor) => !switchedOff.includes(monitor.id) && !monitor.isProtected);
    const trimmed = await trimMonitorProbers(
      db,
      kept.map((monitor) => monitor.id),
      free.specifications.PROBERS,
    );
    // The probers drop what is switched off or taken from them: their assignment version moves and they are woken.
    const disabledOn = await disableMonitors(db, due.userId, switchedOff, now);
    await pauseMonitors(db, switchedOff, now);
    await bumpAssignmentVersions(db, [...new Set([...disabledOn, ...trimmed.proberIds])]);
    const nameOf = (id: number) => {
      const monitor = enabled.find((candidate) => candidate.id === id);
      return monitor ? displayName({ protocol_type: monitor.protocolType, ...monitor }) : `#${id}`;
    };
    const reason: EndReason =
      price === null
        ? { kind: 'not-from-wallet' }
        : !current.autoRenew
          ? { kind: 'renewal-off' }
          : { kind: 'short', price, balance: wallet.balance };
    const mail = movedToFreeMail(recipient, {
      planLabel: label,
      reason,
      disabledMonitors: switchedOff.map(nameOf),
      trimmedMonitors: trimmed.monitorIds.map(nameOf),
      freeProbers: free.specifications.PROBERS,
    });
    await enqueueMail(context.jobs, mail, transaction);
    return 'moved-to-free';
  });
}

/** One run of the expiry job: the due notices, then the ended subscriptions. Safe to run anywhere at once. */
export async function runSubscriptionExpiry(
  context: ServiceContext,
): Promise<{ noticed: number; renewed: number; movedToFree: number; skipped: number }> {
  const now = context.now();
  let noticed = 0;
  for (const due of await listSubscriptionsToNotice(context.db, now, EXPIRY_NOTICE_MS, BATCH)) {
    if (await sendExpiryNotice(context, due.id)) noticed += 1;
  }
  const counts = { renewed: 0, 'moved-to-free': 0, skipped: 0 };
  for (const due of await listEndedSubscriptions(context.db, now, BATCH)) {
    counts[await expireSubscription(context, due)] += 1;
  }
  return { noticed, renewed: counts.renewed, movedToFree: counts['moved-to-free'], skipped: counts.skipped };
}
