import { queryClient } from '@/lib/query-client';
import { leaveImpersonation } from '@/lib/session-store';
import { logout } from './logout';

/**
 * Exit Impersonation (spec §2): revokes the impersonation session on the server (the key is the
 * one the staff link opened, never the customer's own session), then returns to the staff member's
 * own session kept in this tab — or to /login when there is none. A full reload follows, so no
 * customer data stays in memory.
 */
export async function exitImpersonation(): Promise<'/' | '/login'> {
  try {
    await logout();
  } catch {
    // Already expired or unreachable: the key is forgotten here all the same.
  }
  queryClient.clear();
  return leaveImpersonation() ? '/' : '/login';
}
