import { DAY_MS } from '@paydar/domain/time';
import type { ServiceContext } from '../../context';
import { findUserById } from '../accounts/users.repository';
import { enqueueMail } from '../mail/mail.jobs';
import { countHit } from '../rate-limit/rate-limit.repository';
import type { SubscribablePage } from './status-page-subscribers.repository';
import { subscriberLimitMail } from './subscriber-messages';

/**
 * Tells the owner that their page turned a visitor away at the plan's limit — once per page per
 * UTC day, counted like a rate limit (whether or not rate limits are on), so a crowd at a full page
 * sends one mail, not thousands.
 */
export async function tellOwnerPageIsFull(
  context: ServiceContext,
  page: SubscribablePage,
  limit: number,
): Promise<void> {
  const now = context.now().getTime();
  const day = new Date(Math.floor(now / DAY_MS) * DAY_MS);
  if ((await countHit(context.db, `status-page-subscribers-full:${page.id}`, day)) !== 1) return;
  const owner = await findUserById(context.db, page.userId);
  if (!owner) return;
  await enqueueMail(
    context.jobs,
    subscriberLimitMail({ productName: context.config.PRODUCT_NAME, to: owner.email, pageTitle: page.title, limit }),
  );
}
