import type { Logger } from 'pino';
import { listen } from '../../db/listen';

/**
 * Wakes long-polling agents when their assignments change, on any replica: the change is
 * announced with NOTIFY (probers.repository) and every server LISTENs. Waiters also time out,
 * and callers re-read the version from the database, so a missed notification only delays.
 */
export interface AssignmentNotifier {
  /**
   * Resolves true when prober `proberId` may have new assignments (a notification, or the LISTEN
   * connection came back and anything may have changed), false after `timeoutMs` or an abort.
   */
  wait(proberId: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  stop(): Promise<void>;
}

export async function startAssignmentNotifier(databaseUrl: string, logger: Logger): Promise<AssignmentNotifier> {
  const waiters = new Map<number, Set<(woken: boolean) => void>>();
  const wake = (proberId: number) => {
    const set = waiters.get(proberId);
    waiters.delete(proberId);
    for (const done of set ?? []) done(true);
  };
  const wakeAll = () => {
    for (const proberId of [...waiters.keys()]) wake(proberId);
  };
  const listener = await listen({
    databaseUrl,
    channel: 'prober_assignments',
    onNotification: (payload) => {
      for (const id of payload.split(',')) wake(Number(id));
    },
    // A change made while the connection was down was announced to nobody: everyone looks again.
    onListening: wakeAll,
    logger,
  });
  return {
    wait(proberId, timeoutMs, signal) {
      return new Promise((resolve) => {
        const set = waiters.get(proberId) ?? new Set();
        waiters.set(proberId, set);
        const done = (woken: boolean) => {
          clearTimeout(timer);
          set.delete(done);
          signal?.removeEventListener('abort', unwoken);
          resolve(woken);
        };
        const unwoken = () => done(false);
        const timer = setTimeout(unwoken, timeoutMs);
        signal?.addEventListener('abort', unwoken);
        set.add(done);
      });
    },
    async stop() {
      wakeAll();
      await listener.stop();
    },
  };
}
