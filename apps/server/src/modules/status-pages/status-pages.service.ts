import type { StatusPage, StatusPageInput, StatusPageList } from '@paydar/contracts/status-pages';
import { canAddStatusPage, PLAN_LIMIT_TEXTS, statusPageLimit } from '@paydar/domain/plan-limits';
import type { Caller, ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notFound } from '../../errors';
import { findActiveSubscription, lockUserForLimits } from '../plans/plans.repository';
import { ownHostNames, statusPageFieldsOf } from './status-pages.fields';
import { presentStatusPage } from './status-pages.presenter';
import { countPages, deletePage, findPage, insertPage, listPages, replacePage } from './status-pages.repository';

/** The owner's status pages through the API (issue 16). Every write is one transaction. */

export const STATUS_PAGES_PATH = '/api/v1/status_pages';

export async function listStatusPages(context: ServiceContext, caller: Caller): Promise<StatusPageList> {
  const pages = await listPages(context.db, caller.userId);
  return { count: pages.length, next: null, previous: null, results: pages.map(presentStatusPage) };
}

export async function getStatusPage(context: ServiceContext, caller: Caller, id: number): Promise<StatusPage> {
  const page = await findPage(context.db, caller.userId, id);
  if (!page) throw notFound();
  return presentStatusPage(page);
}

const ownHostsOf = (context: ServiceContext) => ownHostNames([context.config.PUBLIC_URL, context.config.DASHBOARD_URL]);

/** Under the limits lock, so two creates at the limit count one after the other. */
async function assertRoomForPage(db: Database, caller: Caller): Promise<void> {
  await lockUserForLimits(db, caller.userId);
  const subscription = await findActiveSubscription(db, caller.userId);
  if (!subscription) throw new AppError('PLAN_LIMIT', 'You have no active plan.');
  const plan = subscription.plan.specifications;
  if (!canAddStatusPage(await countPages(db, caller.userId), plan)) {
    throw new AppError('PLAN_LIMIT', PLAN_LIMIT_TEXTS.statusPageCount(statusPageLimit(plan)));
  }
}

/** A page that another request took the slug or domain of after our check: the unique index decides. */
function addressTaken(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  const constraint = String((error as { cause?: { constraint?: string } }).cause?.constraint ?? '');
  if (constraint.includes('custom_domain')) throw invalidField('custom_domain', 'Another page uses this host name.');
  throw invalidField('slug', 'This address is taken.');
}

export async function createStatusPage(
  context: ServiceContext,
  caller: Caller,
  input: StatusPageInput,
): Promise<StatusPage> {
  refuseDemo(caller);
  const page = await context
    .runInTransaction(async (transaction) => {
      await assertRoomForPage(transaction.db, caller);
      const fields = await statusPageFieldsOf(transaction.db, caller, input, {
        ownHosts: ownHostsOf(context),
        exceptId: null,
      });
      const id = await insertPage(transaction.db, caller.userId, fields);
      return findPage(transaction.db, caller.userId, id);
    })
    .catch(addressTaken);
  if (!page) throw notFound();
  return presentStatusPage(page);
}

/** Replaces the page and its sections in one transaction: never half-written. */
export async function replaceStatusPage(
  context: ServiceContext,
  caller: Caller,
  id: number,
  input: StatusPageInput,
): Promise<StatusPage> {
  refuseDemo(caller);
  const page = await context
    .runInTransaction(async (transaction) => {
      const found = await findPage(transaction.db, caller.userId, id, true);
      if (!found) throw notFound();
      const fields = await statusPageFieldsOf(transaction.db, caller, input, {
        ownHosts: ownHostsOf(context),
        exceptId: id,
      });
      await replacePage(transaction.db, caller.userId, id, fields);
      return findPage(transaction.db, caller.userId, id);
    })
    .catch(addressTaken);
  if (!page) throw notFound();
  return presentStatusPage(page);
}

export async function removeStatusPage(context: ServiceContext, caller: Caller, id: number): Promise<void> {
  refuseDemo(caller);
  if (!(await deletePage(context.db, caller.userId, id))) throw notFound();
}
