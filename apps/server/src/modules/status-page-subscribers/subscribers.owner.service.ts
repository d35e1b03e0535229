import type { StatusPageSubscriber } from '@paydar/contracts/status-page-subscribers';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { notFound } from '../../errors';
import { deleteSubscriber, findOwnedPage, listSubscribers } from './status-page-subscribers.repository';
import { CONFIRM_LIFETIME_MS } from './subscribe.service';

/** The page owner's view of its subscribers: read them, remove one. Another user's page is 404. */

async function ownedPageId(context: ServiceContext, caller: Caller, pageId: number): Promise<number> {
  const page = await findOwnedPage(context.db, caller.userId, pageId);
  if (!page) throw notFound();
  return page.id;
}

export async function listPageSubscribers(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
): Promise<{ count: number; next: null; previous: null; results: StatusPageSubscriber[] }> {
  const id = await ownedPageId(context, caller, pageId);
  const waitingSince = new Date(context.now().getTime() - CONFIRM_LIFETIME_MS);
  const rows = await listSubscribers(context.db, id, waitingSince);
  return {
    count: rows.length,
    next: null,
    previous: null,
    results: rows.map((row) => ({
      id: row.id,
      email: row.email,
      confirmed: row.confirmedAt !== null,
      created_at: row.createdAt.toISOString(),
      confirmed_at: row.confirmedAt?.toISOString() ?? null,
    })),
  };
}

export async function removePageSubscriber(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  subscriberId: number,
): Promise<void> {
  refuseDemo(caller);
  const id = await ownedPageId(context, caller, pageId);
  if (!(await deleteSubscriber(context.db, id, subscriberId))) throw notFound();
}
