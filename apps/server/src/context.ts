import type { ApiTokenScope } from '@paydar/contracts/api-tokens';
import type { Config } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Database } from './db/client';
import type { RunInTransaction } from './db/transaction';
import type { JobQueue } from './jobs/job-queue';
import type { SessionCache } from './modules/accounts/session-cache';
import type { AssignmentNotifier } from './modules/agent/assignment-notifier';
import type { AlertClients } from './modules/alert-clients/alert-clients';
import type { RateLimiter } from './modules/rate-limit/rate-limiter';

/** What services get: the database, the job queue, limits, configuration and the clock. */
export interface ServiceContext {
  config: Config;
  db: Database;
  runInTransaction: RunInTransaction;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  now: () => Date;
  /** Wakes agents long-polling for their assignments. */
  assignmentNotifier: AssignmentNotifier;
  /** Mail, Kavenegar, Telegram and webhooks: what alerts and channel verification send through. */
  alertClients: AlertClients;
  /** What the database announces it changed, for the caches kept in this process. */
  changes: ChangeFeed;
  /** Active sessions kept for a few seconds, so a request costs no session query. */
  sessions: SessionCache;
}

/** Who is calling, resolved from `Authorization: Token <key>` (a session) or `Bearer pdr_…` (an API token). */
export interface Caller {
  userId: number;
  email: string;
  isVerified: boolean;
  isStaff: boolean;
  isDemo: boolean;
  /** The session behind the call; null when an API token made it. */
  sessionId: number | null;
  /** The session key as sent, echoed back as the profile's `uid`; empty for an API token, which is never echoed into an answer. */
  key: string;
  impersonatorId: number | null;
  /** The API token behind the call; null for a session. Never staff: a token caller's isStaff is false. */
  apiToken: { id: number; scope: ApiTokenScope } | null;
}

/** A caller signed in with a session key: what sign-out, password changes and live streams act on. */
export type SessionCaller = Caller & { sessionId: number; apiToken: null };
