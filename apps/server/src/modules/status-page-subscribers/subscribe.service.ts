import { SUBSCRIPTION_CONFIRM_HOURS } from '@paydar/contracts/status-page-subscribers';
import { isStatusPageHostName } from '@paydar/contracts/status-pages';
import { statusPageSubscriberLimit } from '@paydar/domain/plan-limits';
import type { ServiceContext } from '../../context';
import { AppError, notFound } from '../../errors';
import { generateSecret, hashSecret } from '../accounts/secrets';
import { enqueueMail } from '../mail/mail.jobs';
import { findActiveSubscription } from '../plans/plans.repository';
import { pageTokenOpens } from '../status-pages/status-page-access';
import { STATUS_PAGE_NOT_FOUND } from '../status-pages/status-pages.public.service';
import {
  countHeldPlaces,
  findSubscribablePage,
  findSubscriber,
  lockPageSubscribers,
  type SubscribablePage,
  upsertWaitingSubscriber,
} from './status-page-subscribers.repository';
import { tellOwnerPageIsFull } from './subscriber-limit-notice';
import { pageUrlOf, subscriptionLink } from './subscriber-links';
import { confirmationMail, subscribeAnswerText } from './subscriber-messages';

/**
 * A visitor subscribes by email (double opt-in): a new or waiting address gets a confirmation
 * mail, at most one per address per CONFIRMATION_RESEND_MS; a confirmed one gets nothing. The
 * answer is the same in every case, so it tells nothing about who else subscribed.
 */

export const CONFIRM_LIFETIME_MS = SUBSCRIPTION_CONFIRM_HOURS * 3_600_000;
export const CONFIRMATION_RESEND_MS = 10 * 60_000;
/** Subscribe attempts one visitor address may make on one page, and a page may take from everyone. */
const PER_VISITOR = { limit: 5, windowSeconds: 10 * 60 };
// Generous: an outage brings crowds; this bounds mail sent to addresses nobody asked for.
const PER_PAGE = { limit: 1_000, windowSeconds: 60 * 60 };

export type PageAddress = { slug: string } | { host: string };

async function pageAt(context: ServiceContext, address: PageAddress): Promise<SubscribablePage> {
  if ('host' in address) {
    const domain = address.host.toLowerCase();
    if (!isStatusPageHostName(domain)) throw notFound(STATUS_PAGE_NOT_FOUND);
    const page = await findSubscribablePage(context.db, { domain });
    if (!page) throw notFound(STATUS_PAGE_NOT_FOUND);
    return page;
  }
  const page = await findSubscribablePage(context.db, address);
  if (!page) throw notFound(STATUS_PAGE_NOT_FOUND);
  return page;
}

/** A protected page takes subscribers only from visitors who unlocked it. */
function assertOpen(context: ServiceContext, page: SubscribablePage, token: string | undefined): void {
  if (page.passwordHash === null) return;
  const opens = pageTokenOpens(
    context.config.STATUS_PAGE_TOKEN_SECRET,
    token,
    { id: page.id, passwordHash: page.passwordHash },
    context.now().getTime(),
  );
  if (!opens)
    throw new AppError('STATUS_PAGE_LOCKED', 'This status page is protected by a password. Unlock it to see it.');
}

/** Refused at the plan's limit; the owner is told after the transaction rolled back. */
class PageFull extends AppError {
  constructor(readonly limit: number) {
    super('PLAN_LIMIT', `This status page cannot take more subscribers (its plan allows ${limit}).`);
  }
}

async function assertRoom(context: ServiceContext, page: SubscribablePage, db = context.db): Promise<void> {
  const subscription = await findActiveSubscription(db, page.userId);
  // An owner without an active plan keeps the subscribers they have and takes no new ones.
  const limit = subscription ? statusPageSubscriberLimit(subscription.plan.specifications) : 0;
  const waitingSince = new Date(context.now().getTime() - CONFIRM_LIFETIME_MS);
  if ((await countHeldPlaces(db, page.id, waitingSince)) < limit) return;
  throw new PageFull(limit);
}

export async function subscribe(
  context: ServiceContext,
  address: PageAddress,
  visitor: { email: string; ip: string; pageToken?: string },
): Promise<{ detail: string }> {
  const page = await pageAt(context, address);
  assertOpen(context, page, visitor.pageToken);
  const now = context.now();
  await context.rateLimiter.consume(
    [
      { key: `status-page-subscribe:${page.id}:ip:${visitor.ip}`, ...PER_VISITOR },
      { key: `status-page-subscribe:${page.id}`, ...PER_PAGE },
    ],
    now,
  );
  const email = visitor.email.toLowerCase();
  await context
    .runInTransaction(async (transaction) => {
      // One subscribe of this page at a time: the count below cannot be passed by a race.
      await lockPageSubscribers(transaction.db, page.id);
      const existing = await findSubscriber(transaction.db, page.id, email);
      if (existing?.confirmedAt) return;
      const sentAgo = existing ? now.getTime() - existing.confirmSentAt.getTime() : Number.POSITIVE_INFINITY;
      if (sentAgo < CONFIRMATION_RESEND_MS) return;
      // A waiting address whose link still works holds its place already; anyone else needs one.
      if (sentAgo >= CONFIRM_LIFETIME_MS) await assertRoom(context, page, transaction.db);
      const token = generateSecret();
      await upsertWaitingSubscriber(transaction.db, {
        pageId: page.id,
        email,
        confirmTokenHash: hashSecret(token),
        sentAt: now,
      });
      const pageUrl = pageUrlOf(context.config.DASHBOARD_URL, page);
      const mail = confirmationMail({
        language: page.language,
        to: email,
        pageTitle: page.title,
        confirmLink: subscriptionLink(pageUrl, 'confirm', token),
      });
      await enqueueMail(context.jobs, mail, transaction);
    })
    .catch(async (error: unknown) => {
      if (error instanceof PageFull) await tellOwnerPageIsFull(context, page, error.limit);
      throw error;
    });
  return { detail: subscribeAnswerText(page.language) };
}
