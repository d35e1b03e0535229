import type { Logger } from 'pino';
import { listen } from '../db/listen';

/** The channel a send announces its queue on; every replica that runs workers LISTENs. */
export const JOB_WAKEUP_CHANNEL = 'paydar_jobs';

/** The NOTIFY payload for a job on `queue` that may start after `delayMs`. */
export function wakeupPayload(queue: string, delayMs = 0): string {
  return delayMs > 0 ? `${queue} ${Math.ceil(delayMs)}` : queue;
}

/**
 * Wakes this process's idle workers when work is queued, on any replica: a send NOTIFYs (in the
 * sender's transaction when there is one, so a job is announced only once it exists), and this
 * LISTENs. Workers therefore poll only as a safety net, which is what keeps an idle server quiet.
 * A job that may start only later (a delay, a retry's back-off) is woken by a timer at that time.
 */
export interface JobWakeups {
  /** Calls `wake` for every job announced on `queue`. */
  register(queue: string, wake: () => void): void;
  /** Wakes `queue` here after `delayMs` (a retry that only this process knows about). */
  wakeLater(queue: string, delayMs: number): void;
  stop(): Promise<void>;
}

export async function startJobWakeups(databaseUrl: string, logger: Logger): Promise<JobWakeups> {
  const wakers = new Map<string, Array<() => void>>();
  const timers = new Set<NodeJS.Timeout>();
  const wakeNow = (queue: string) => {
    for (const wake of wakers.get(queue) ?? []) wake();
  };
  const wakeLater = (queue: string, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      wakeNow(queue);
    }, delayMs);
    // A pending wake-up must not keep a stopping process alive; the safety-net poll covers it.
    timer.unref();
    timers.add(timer);
  };
  const listener = await listen({
    databaseUrl,
    channel: JOB_WAKEUP_CHANNEL,
    onNotification: (payload) => {
      const [queue = '', delay] = payload.split(' ');
      const delayMs = Number(delay ?? 0);
      if (Number.isFinite(delayMs) && delayMs > 0) wakeLater(queue, delayMs);
      else wakeNow(queue);
    },
    // Jobs announced while the connection was down reached nobody: every worker looks again.
    onListening: () => {
      for (const queue of wakers.keys()) wakeNow(queue);
    },
    logger,
  });
  return {
    register(queue, wake) {
      wakers.set(queue, [...(wakers.get(queue) ?? []), wake]);
    },
    wakeLater,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await listener.stop();
    },
  };
}
