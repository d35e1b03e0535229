import type { Config } from '../../config';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Sessions of different kinds live differently long. */
export type SessionKind = 'user' | 'impersonation' | 'demo';

export interface SessionLifetime {
  /** Ends when unused this long. */
  idleMs: number;
  /** Ends this long after it was opened, however busy. */
  maxAgeMs: number;
}

export function sessionLifetimes(
  config: Pick<Config, 'SESSION_IDLE_DAYS' | 'SESSION_MAX_AGE_DAYS'>,
): Record<SessionKind, SessionLifetime> {
  return {
    user: { idleMs: config.SESSION_IDLE_DAYS * DAY_MS, maxAgeMs: config.SESSION_MAX_AGE_DAYS * DAY_MS },
    // Staff acting as a customer: one working day at most, and gone once they walk away.
    impersonation: { idleMs: HOUR_MS, maxAgeMs: 8 * HOUR_MS },
    // Anyone may open one, many times: short-lived so they cannot pile up.
    demo: { idleMs: 2 * HOUR_MS, maxAgeMs: DAY_MS },
  };
}

export function sessionKind(session: { impersonatorId: number | null; isDemo: boolean }): SessionKind {
  if (session.impersonatorId !== null) return 'impersonation';
  return session.isDemo ? 'demo' : 'user';
}

export function isSessionExpired(
  session: { createdAt: Date; lastUsedAt: Date },
  lifetime: SessionLifetime,
  now: Date,
): boolean {
  return (
    now.getTime() - session.lastUsedAt.getTime() >= lifetime.idleMs ||
    now.getTime() - session.createdAt.getTime() >= lifetime.maxAgeMs
  );
}

/** When the session ends if nothing uses it again: its idle limit from the last use, or its age limit, whichever comes first (ms). */
export function sessionExpiresAt(session: { createdAt: Date; lastUsedAt: Date }, lifetime: SessionLifetime): number {
  return Math.min(session.lastUsedAt.getTime() + lifetime.idleMs, session.createdAt.getTime() + lifetime.maxAgeMs);
}
