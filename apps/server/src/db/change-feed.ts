import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { listen } from './listen';

/** The channel the database's triggers announce changed rows on (migration 0013_change_notifications). */
export const CHANGE_CHANNEL = 'paydar_changes';

/** What a trigger says changed: the kind of row and its ids, or every row of the kind. */
/** `status_page_notice`: notices were queued for a page's subscribers (modules/status-page-subscribers). */
export type ChangeKind = 'user' | 'monitor' | 'owner' | 'plan' | 'status_page' | 'status_page_notice';
export interface Change {
  kind: ChangeKind;
  ids: ReadonlySet<number> | 'all';
}

/** A change, or 'reset': announcements may have been missed, so everything kept is suspect. */
export type ChangeEvent = Change | 'reset';

/**
 * What in-process caches of database rows keep themselves right by, on every replica: the
 * triggers NOTIFY on commit of any write to the rows they keep, whichever code path made it.
 *
 * One replica does not wait for the delivery of its own writes' notifications: from a write this
 * process commits until every notification committed before it has arrived (a barrier NOTIFY of
 * its own comes back), `isCurrent()` is false and caches read the database. So a request that
 * revoked a session or ingested a check is seen by the next request on the same replica at once;
 * other replicas see it when the NOTIFY arrives. While the LISTEN connection is known to be lost
 * `isCurrent()` is false too, and a reconnect sends 'reset'.
 */
export interface ChangeFeed {
  /** Calls `handler` with every change and reset; returns the unsubscribe. */
  subscribe(handler: (event: ChangeEvent) => void): () => void;
  /** Whether what the notifications said so far covers every write this process has committed. */
  isCurrent(): boolean;
  /**
   * Resolves true once the notifications cover every write this process committed before the call
   * (at once when they do), false when that cannot be known soon (the connection is lost, or the
   * barrier could not be sent): the caller then reads the database. Waiting for the barrier's round
   * trip costs a burst of readers less than a query each.
   */
  settled(): Promise<boolean>;
  /** Moves with every event and a lost connection: a value read from the database is kept only if it did not move meanwhile. */
  epoch(): number;
  /** Called when this process committed a write: caches read the database until the barrier returns. */
  wrote(): void;
  stop(): Promise<void>;
}

const KINDS: readonly string[] = [
  'user',
  'monitor',
  'owner',
  'plan',
  'status_page',
  'status_page_notice',
] satisfies ChangeKind[];

/** Parses a trigger's payload, '<kind>:<id>,<id>…' or '<kind>:*'; anything else is ignored. */
export function parseChange(payload: string): Change | undefined {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  if (colon < 0 || !KINDS.includes(kind)) return undefined;
  const list = payload.slice(colon + 1);
  if (list === '*') return { kind: kind as ChangeKind, ids: 'all' };
  const ids = new Set(list.split(',').map(Number));
  for (const id of ids) if (!Number.isSafeInteger(id)) return { kind: kind as ChangeKind, ids: 'all' };
  return { kind: kind as ChangeKind, ids };
}

export async function startChangeFeed(options: {
  databaseUrl: string;
  pool: pg.Pool;
  logger: Logger;
}): Promise<ChangeFeed> {
  const handlers = new Set<(event: ChangeEvent) => void>();
  // Barriers are told apart from another process's (or another runtime's in this one).
  const barrierPrefix = `sync:${randomUUID()}:`;
  let epoch = 0;
  let written = 0;
  let synced = 0;
  let connected = true;
  let barrierInFlight = false;
  // Requests waiting for the barrier that covers the writes committed before they asked.
  let waiters: Array<{ target: number; wake: (current: boolean) => void }> = [];
  const isCurrent = () => connected && synced >= written;
  const wakeWaiters = () => {
    const giveUp = !connected || !barrierInFlight;
    waiters = waiters.filter((waiter) => {
      const done = connected && synced >= waiter.target;
      if (done || giveUp) waiter.wake(done);
      return !(done || giveUp);
    });
  };
  const emit = (event: ChangeEvent) => {
    epoch += 1;
    for (const handler of handlers) handler(event);
  };
  const sendBarrier = () => {
    if (barrierInFlight || synced >= written) return;
    barrierInFlight = true;
    const target = written;
    options.pool
      .query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, `${barrierPrefix}${target}`])
      .catch((error: unknown) => {
        // Caches read the database until a barrier gets through (the next write, request or reconnect sends one).
        barrierInFlight = false;
        wakeWaiters();
        options.logger.warn({ err: error }, 'could not send the change feed barrier');
      });
  };

  const listener = await listen({
    databaseUrl: options.databaseUrl,
    channel: CHANGE_CHANNEL,
    logger: options.logger,
    onNotification: (payload) => {
      if (payload.startsWith(barrierPrefix)) {
        synced = Math.max(synced, Number(payload.slice(barrierPrefix.length)));
        barrierInFlight = false;
        sendBarrier();
        wakeWaiters();
        return;
      }
      const change = parseChange(payload);
      if (change) emit(change);
    },
    onLost: () => {
      connected = false;
      epoch += 1;
      wakeWaiters();
    },
    onListening: () => {
      connected = true;
      barrierInFlight = false;
      emit('reset');
      sendBarrier();
      wakeWaiters();
    },
  });

  return {
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isCurrent,
    settled() {
      const target = written;
      if (connected && synced >= target) return Promise.resolve(true);
      if (!connected) return Promise.resolve(false);
      // Sends the barrier again if the last one could not be sent.
      sendBarrier();
      if (!barrierInFlight) return Promise.resolve(false);
      return new Promise((wake) => waiters.push({ target, wake }));
    },
    epoch: () => epoch,
    wrote() {
      // The epoch stays: the write's own notification, ahead of the barrier, drops what it changed.
      written += 1;
      sendBarrier();
    },
    async stop() {
      handlers.clear();
      connected = false;
      wakeWaiters();
      await listener.stop();
    },
  };
}

/** For a context with no database to listen to (the OpenAPI document): never current, so nothing is kept. */
export const detachedChangeFeed = (): ChangeFeed => ({
  subscribe: () => () => undefined,
  isCurrent: () => false,
  settled: async () => false,
  epoch: () => 0,
  wrote: () => undefined,
  stop: async () => undefined,
});
