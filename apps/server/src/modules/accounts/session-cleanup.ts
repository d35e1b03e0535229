import type { ServiceContext } from '../../context';
import { registerPeriodicJob } from '../../jobs/periodic-job';
import { type SessionKind, sessionLifetimes } from './session-lifetime';
import { deleteEndedSessions, type SessionCutoffs } from './sessions.repository';

export const SESSION_CLEANUP_QUEUE = 'accounts.session-cleanup';

/** Deletes the sessions that can no longer be used (revoked or expired); authentication refuses them anyway. */
export async function cleanUpSessions(context: ServiceContext): Promise<number> {
  const now = context.now().getTime();
  const lifetimes = sessionLifetimes(context.config);
  const cutoffs = Object.fromEntries(
    Object.entries(lifetimes).map(([kind, lifetime]) => [
      kind,
      { createdAfter: new Date(now - lifetime.maxAgeMs), usedAfter: new Date(now - lifetime.idleMs) },
    ]),
  ) as SessionCutoffs satisfies Record<SessionKind, unknown>;
  return deleteEndedSessions(context.db, cutoffs);
}

/** Hourly, and at start. */
export function registerSessionCleanup(context: ServiceContext): Promise<void> {
  return registerPeriodicJob(context.jobs, SESSION_CLEANUP_QUEUE, '23 * * * *', () => cleanUpSessions(context));
}
