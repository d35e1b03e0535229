import { type BackoffPolicy, nextAttemptAt } from '@paydar/domain/failure-backoff';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { countHit, failuresOf, forgetKey, takeBackHit, uncountHit } from './rate-limit.repository';

export interface RateLimitRule {
  /** What is limited and for whom, e.g. `login:ip:1.2.3.4`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimiter {
  /** Counts an attempt against every rule; throws 429 when any is over its limit. */
  consume(rules: RateLimitRule[], now: Date): Promise<void>;
  /**
   * Takes back an attempt `consume` counted at the same `now`, for calls that limit failures only
   * (a login that succeeded). Counting first and refunding after keeps concurrent guesses from all
   * passing one check before any is counted.
   */
  refund(rules: RateLimitRule[], now: Date): Promise<void>;
  /**
   * Counts an attempt as a failure of `key` unless `forgive` follows, and throws 429 — Retry-After
   * the real wait — while the key's earlier failures impose a wait (BackoffPolicy). Counted before
   * the caller checks anything, so concurrent guesses cannot all pass one check.
   */
  attemptWithBackoff(key: string, policy: BackoffPolicy, now: Date): Promise<void>;
  /** Forgets the key's failures: the attempt succeeded. */
  forgive(key: string): Promise<void>;
}

function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {},
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export function createRateLimiter(db: Database, options: { enabled: boolean }): RateLimiter {
  return {
    async consume(rules, now) {
      if (!options.enabled) return;
      for (const rule of rules) {
        const windowMs = rule.windowSeconds * 1000;
        const windowStart = windowStartOf(rule, now);
        const hits = await countHit(db, rule.key, windowStart);
        if (hits > rule.limit) {
          const retryAfter = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
          throw tooManyAttempts(retryAfter);
        }
      }
    },
    async refund(rules, now) {
      if (!options.enabled) return;
      for (const rule of rules) await uncountHit(db, rule.key, windowStartOf(rule, now));
    },
    async attemptWithBackoff(key, policy, now) {
      if (!options.enabled) return;
      const at = now.getTime();
      const since = new Date(at - policy.memoryMs);
      const waitUntil = (failures: number, lastBefore: number | null) =>
        nextAttemptAt(policy, failures, lastBefore ?? at);
      // A client told to wait is refused before anything is written: hammering adds no rows.
      const before = await failuresOf(db, key, since, now);
      const allowedAt = waitUntil(before.failures, before.lastBefore);
      if (allowedAt > at) throw tooManyAttempts(Math.ceil((allowedAt - at) / 1000));
      // One row per attempt's instant: a sliding record of failures, not a clock-aligned window.
      // Counted, then read again: of concurrent attempts, those past the free ones wait.
      await countHit(db, key, now);
      const after = await failuresOf(db, key, since, now);
      const raced = waitUntil(after.failures - 1, after.lastBefore);
      if (raced > at) {
        await takeBackHit(db, key, now);
        throw tooManyAttempts(Math.ceil((raced - at) / 1000));
      }
    },
    async forgive(key) {
      if (!options.enabled) return;
      await forgetKey(db, key);
    },
  };
}
