import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import { hashSecret } from '../accounts/secrets';
import {
  findByConfirmToken,
  findPageByUnsubscribeToken,
  markConfirmed,
  removeByUnsubscribeToken,
} from './status-page-subscribers.repository';
import { CONFIRM_LIFETIME_MS } from './subscribe.service';
import { pageUrlOf, subscriptionLink } from './subscriber-links';

/** Following a mailed link: confirming a subscription, or ending it (also RFC 8058's one-click POST). */

export interface SubscriptionAnswer {
  page_title: string;
  page_url: string;
  state: 'confirmed' | 'unsubscribed';
}

/** Tokens are checked by hash lookups only; this bounds the load one address can make of that. */
const PER_VISITOR = { limit: 60, windowSeconds: 10 * 60 };

export const CONFIRM_LINK_UNKNOWN =
  'This confirmation link is not valid: a newer confirmation mail may have replaced it, or the address was unsubscribed. Subscribe again to get a new one.';
export const CONFIRM_LINK_EXPIRED = 'This confirmation link has expired. Subscribe again to get a new one.';
export const UNSUBSCRIBE_LINK_UNKNOWN = 'This unsubscribe link is not valid: the address may already be unsubscribed.';

const linkGone = (detail: string) => new AppError('NOT_FOUND', detail);

async function countVisit(context: ServiceContext, ip: string): Promise<void> {
  await context.rateLimiter.consume([{ key: `status-page-subscription-link:ip:${ip}`, ...PER_VISITOR }], context.now());
}

/** Confirms the waiting subscriber the token names; a second click answers the same. */
export async function confirmSubscription(
  context: ServiceContext,
  token: string,
  ip: string,
): Promise<SubscriptionAnswer> {
  await countVisit(context, ip);
  const now = context.now();
  return context.runInTransaction(async (transaction) => {
    const found = await findByConfirmToken(transaction.db, hashSecret(token));
    if (!found) throw linkGone(CONFIRM_LINK_UNKNOWN);
    const { subscriber, page } = found;
    if (!subscriber.confirmedAt) {
      if (now.getTime() - subscriber.confirmSentAt.getTime() >= CONFIRM_LIFETIME_MS)
        throw linkGone(CONFIRM_LINK_EXPIRED);
      await markConfirmed(transaction.db, subscriber.id, now);
    }
    return {
      page_title: page.title,
      page_url: pageUrlOf(context.config.DASHBOARD_URL, page),
      state: 'confirmed' as const,
    };
  });
}

/** Removes the subscriber a notice mail's token names (its row and what was still to be sent to it). */
export async function unsubscribe(context: ServiceContext, token: string, ip: string): Promise<SubscriptionAnswer> {
  await countVisit(context, ip);
  const page = await removeByUnsubscribeToken(context.db, hashSecret(token));
  if (!page) throw linkGone(UNSUBSCRIBE_LINK_UNKNOWN);
  return { page_title: page.title, page_url: pageUrlOf(context.config.DASHBOARD_URL, page), state: 'unsubscribed' };
}

/**
 * Where a browser that opened the List-Unsubscribe URL (a GET, not the one-click POST) is sent: the
 * page's own unsubscribe screen, which asks before acting — a link scanner's GET unsubscribes nobody.
 */
export async function unsubscribeScreenOf(context: ServiceContext, token: string, ip: string): Promise<string> {
  await countVisit(context, ip);
  const page = await findPageByUnsubscribeToken(context.db, hashSecret(token));
  if (!page) throw linkGone(UNSUBSCRIBE_LINK_UNKNOWN);
  return subscriptionLink(pageUrlOf(context.config.DASHBOARD_URL, page), 'unsubscribe', token);
}
