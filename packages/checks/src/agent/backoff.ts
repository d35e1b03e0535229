export interface BackoffOptions {
  /** The first delay's ceiling, ms. */
  initialMs?: number;
  /** No delay is longer than this, ms. */
  maxMs?: number;
  /** [0, 1); Math.random unless a test pins it. */
  random?: () => number;
}

/**
 * Exponential back-off with "equal jitter": the n-th delay is between half and all of
 * min(max, initial·2ⁿ), so a fleet of agents that lost the server together does not come back
 * in step, and no agent retries sooner than half the ceiling.
 */
export class Backoff {
  private attempt = 0;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly random: () => number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 1_000;
    this.maxMs = options.maxMs ?? 60_000;
    this.random = options.random ?? Math.random;
  }

  /** The delay before the next attempt; each call without a reset() doubles the ceiling. */
  next(): number {
    const ceiling = Math.min(this.maxMs, this.initialMs * 2 ** Math.min(this.attempt, 30));
    this.attempt++;
    return Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
  }

  reset(): void {
    this.attempt = 0;
  }

  /** Failures since the last success. */
  get failures(): number {
    return this.attempt;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
