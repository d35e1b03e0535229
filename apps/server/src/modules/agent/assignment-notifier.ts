import pg from 'pg';
import type { Logger } from 'pino';

/**
 * Wakes long-polling agents when their assignments change, on any replica: the change is
 * announced with NOTIFY (probers.repository) and every server LISTENs. Waiters also time out,
 * and callers re-read the version from the database, so a missed notification only delays.
 */
export interface AssignmentNotifier {
  /** Resolves when prober `proberId` may have new assignments, or after `timeoutMs`. */
  wait(proberId: number, timeoutMs: number, signal?: AbortSignal): Promise<void>;
  stop(): Promise<void>;
}

export async function startAssignmentNotifier(databaseUrl: string, logger: Logger): Promise<AssignmentNotifier> {
  const waiters = new Map<number, Set<() => void>>();
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => logger.warn({ err: error }, 'assignment notifier connection error'));
  client.on('notification', (message) => {
    for (const id of (message.payload ?? '').split(',')) {
      const set = waiters.get(Number(id));
      if (!set) continue;
      waiters.delete(Number(id));
      for (const wake of set) wake();
    }
  });
  await client.connect();
  await client.query('LISTEN prober_assignments');
  return {
    wait(proberId, timeoutMs, signal) {
      return new Promise((resolve) => {
        const set = waiters.get(proberId) ?? new Set();
        waiters.set(proberId, set);
        const done = () => {
          clearTimeout(timer);
          set.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        signal?.addEventListener('abort', done);
        set.add(done);
      });
    },
    async stop() {
      for (const set of waiters.values()) for (const wake of set) wake();
      await client.end().catch(() => undefined);
    },
  };
}
