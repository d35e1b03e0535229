import type { StatusPageSubscriberList } from '@paydar/contracts/status-page-subscribers';
import type { Caller, ServiceContext } from '../../context';
import { refuseDemo } from '../../demo-guard';
import { notFound } from '../../errors';
import { offsetPage } from '../../http/pagination';
import { STATUS_PAGES_PATH } from '../status-pages/status-pages.service';
import { deleteSubscriber, findOwnedPage, listSubscribers } from './status-page-subscribers.repository';
import type { SubscribersQuery } from './status-page-subscribers.schema';
import { CONFIRM_LIFETIME_MS } from './subscribe.service';

/** The page owner's view of its subscribers: read them, remove one. Another user's page is 404. */

async function ownedPageId(context: ServiceContext, caller: Caller, pageId: number): Promise<number> {
  const page = await findOwnedPage(context.db, caller.userId, pageId);
  if (!page) throw notFound();
  return page.id;
}

/** The list's filters as they go back into its page links. */
function filterParams(query: SubscribersQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.state) params.set('state', query.state);
  return params.size ? `?${params}` : '';
}

/** `GET …/subscribers/`: a page of the owner's subscribers, newest first, by search and state. */
export async function listPageSubscribers(
  context: ServiceContext,
  caller: Caller,
  pageId: number,
  query: SubscribersQuery,
): Promise<StatusPageSubscriberList> {
  const id = await ownedPageId(context, caller, pageId);
  const waitingSince = new Date(context.now().getTime() - CONFIRM_LIFETIME_MS);
  const filter = { search: query.search?.toLowerCase() || undefined, state: query.state };
  const { rows, total, confirmed, waiting } = await listSubscribers(context.db, id, waitingSince, filter, query);
  const results = rows.map((row) => ({
    id: row.id,
    email: row.email,
    confirmed: row.confirmedAt !== null,
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  }));
  const url = `${context.config.PUBLIC_URL}${STATUS_PAGES_PATH}/${id}/subscribers/${filterParams(query)}`;
  return { ...offsetPage(results, total, query, url), confirmed_count: confirmed, waiting_count: waiting };
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
