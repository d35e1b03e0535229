import type { Caller } from './context';
import { AppError } from './errors';
import { DEMO_READ_ONLY_TEXT } from './modules/accounts/profile.service';

/**
 * The shared demo account stays as seeded: a service that changes anything calls this before
 * any other check, and the demo gets 403 DEMO_READ_ONLY.
 */
export function refuseDemo(caller: Caller): void {
  if (caller.isDemo) throw new AppError('DEMO_READ_ONLY', DEMO_READ_ONLY_TEXT);
}
