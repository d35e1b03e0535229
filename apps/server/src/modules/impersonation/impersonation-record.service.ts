import type { ImpersonationList, ImpersonationsQuery } from '@paydar/contracts/impersonations';
import type { Caller, ServiceContext } from '../../context';
import { forbidden } from '../../errors';
import { offsetPage } from '../../http/pagination';
import { listImpersonationRecord } from './impersonation.repository';

export const IMPERSONATIONS_PATH = '/api/v1/staff/impersonations/';
export const STAFF_ONLY_RECORD_TEXT = 'Only staff users can read the impersonation record.';

/** The list's filters as they go back into its page links. */
function filterParams(query: ImpersonationsQuery): string {
  const params = new URLSearchParams();
  if (query.staff) params.set('staff', query.staff);
  if (query.customer) params.set('customer', query.customer);
  return params.size ? `?${params}` : '';
}

/** A page of the record, newest first (the admin CLI reads it without a caller: it is run by an operator). */
export async function listImpersonations(
  context: ServiceContext,
  query: ImpersonationsQuery,
): Promise<ImpersonationList> {
  const { rows, total } = await listImpersonationRecord(context.db, {
    staffEmail: query.staff,
    customerEmail: query.customer,
    limit: query.limit,
    offset: query.offset,
  });
  const results = rows.map((row) => ({
    id: row.id,
    staff: { id: row.staffId, email: row.staffEmail },
    customer: { id: row.customerId, email: row.customerEmail },
    issued_at: row.issuedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_at: row.usedAt?.toISOString() ?? null,
    used_from: row.usedFrom,
  }));
  return offsetPage(results, total, query, `${context.config.PUBLIC_URL}${IMPERSONATIONS_PATH}${filterParams(query)}`);
}

/** `GET /api/v1/staff/impersonations/`: staff only, like issuing a link. */
export function listImpersonationsAsCaller(context: ServiceContext, caller: Caller, query: ImpersonationsQuery) {
  if (!caller.isStaff) throw forbidden(STAFF_ONLY_RECORD_TEXT);
  return listImpersonations(context, query);
}
