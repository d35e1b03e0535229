import type { Caller } from '../../context';
import { forbidden } from '../../errors';

/**
 * What staff may not do in a customer's name: whatever takes over the login (its password, its
 * email and that email's confirmation) or ends the customer's own sessions. One refusal for all:
 * 403 `FORBIDDEN`, "Staff cannot <action> while impersonating."
 */
export function refuseWhileImpersonating(caller: Pick<Caller, 'impersonatorId'>, action: string): void {
  if (caller.impersonatorId !== null) throw forbidden(`Staff cannot ${action} while impersonating.`);
}
