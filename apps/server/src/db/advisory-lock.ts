import pg from 'pg';
import { type Database, poolOf } from './client';

const QUERY_TIMEOUT_MS = 10_000;

/**
 * A PostgreSQL session of its own for one advisory lock. Session locks belong to the connection:
 * if it drops, the server releases the lock and another replica can take it — no lease to expire.
 */
export interface AdvisoryLockSession {
  /** Tries the lock without waiting; true when this session holds it now. */
  tryLock(): Promise<boolean>;
  /** Checks the connection (and so the lock) is still alive. */
  isAlive(): Promise<boolean>;
  /** Aborts when the connection is lost: any lock it held is gone. */
  readonly lost: AbortSignal;
  unlock(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the session on a connection of its own, with the settings of the pool behind `db`, so
 * holding the lock for hours takes nothing from the pool that serves requests.
 */
export async function openAdvisoryLockSession(db: Database, name: string): Promise<AdvisoryLockSession> {
  // Named after the lock, so an operator can see in pg_stat_activity which connection holds it.
  // A connection that died without a word (a lost host) fails its next query rather than hang it.
  const client = new pg.Client({
    ...poolOf(db).options,
    application_name: name.slice(0, 63),
    keepAlive: true,
    query_timeout: QUERY_TIMEOUT_MS,
  });
  const lost = new AbortController();
  // Without a listener a dropped connection's error would be thrown at the process.
  client.on('error', () => lost.abort());
  client.on('end', () => lost.abort());
  try {
    await client.connect();
  } catch (error) {
    lost.abort();
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    lost: lost.signal,
    async tryLock() {
      const result = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [name],
      );
      return result.rows[0]?.locked === true;
    },
    async isAlive() {
      if (lost.signal.aborted) return false;
      try {
        await client.query('SELECT 1');
        return !lost.signal.aborted;
      } catch {
        lost.abort();
        return false;
      }
    },
    async unlock() {
      if (lost.signal.aborted) return;
      await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]).catch(() => undefined);
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

/** One replica's side of a race for an advisory lock, tried again and again on one session. */
export interface AdvisoryLockContender {
  /**
   * Tries the lock without waiting: the session that holds it, or undefined when another does.
   * First (re)opens the session when there is none or its connection was lost, closing the lost
   * one; throws when it cannot be opened, and the next call opens one afresh.
   */
  tryAcquire(): Promise<AdvisoryLockSession | undefined>;
  /** Closes the session, if one is open; the lock, if held, goes with it. */
  close(): Promise<void>;
}

/** Races the other replicas for the lock `name`, on a session of its own (see openAdvisoryLockSession). */
export function contendForAdvisoryLock(db: Database, name: string): AdvisoryLockContender {
  let session: AdvisoryLockSession | undefined;
  return {
    async tryAcquire() {
      if (!session || session.lost.aborted) {
        await session?.close();
        session = undefined;
        session = await openAdvisoryLockSession(db, name);
      }
      return (await session.tryLock()) ? session : undefined;
    },
    async close() {
      await session?.close();
    },
  };
}
