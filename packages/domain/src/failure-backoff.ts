/**
 * Back-off after failed attempts (a wrong password): the first few are free, then each further one
 * waits twice as long after the last as the one before did, up to a ceiling. Failures are
 * remembered for a sliding span that starts at each failure, never at a clock boundary, so there
 * is no moment when a guesser gets fresh tries, and the wait told to a person is the real one.
 */
export interface BackoffPolicy {
  /** Failures allowed with no wait between them. */
  freeFailures: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstWaitMs: number;
  /** The longest wait. */
  maxWaitMs: number;
  /** How long a failure is remembered. */
  memoryMs: number;
}

/** The wait that `failures` remembered failures impose after the last of them. */
export function backoffWaitMs(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // 2 ** 60 would still be finite, but the ceiling is reached long before: stop doubling there.
  if (doublings >= 40) return policy.maxWaitMs;
  return Math.min(policy.firstWaitMs * 2 ** doublings, policy.maxWaitMs);
}

/**
 * When the next attempt may be made, in epoch ms: `failures` failures remembered, the last at
 * `lastFailureAt`. At or before `now` means at once.
 */
export const nextAttemptAt = (policy: BackoffPolicy, failures: number, lastFailureAt: number): number =>
  lastFailureAt + backoffWaitMs(policy, failures);
