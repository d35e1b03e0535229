import { sleep } from '@paydar/checks/agent/backoff';
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { type AdvisoryLockSession, contendForAdvisoryLock } from '../../db/advisory-lock';
import type { BuiltinProber } from './builtin-prober';

export interface BuiltinProberLeadership {
  /** Whether this replica runs the built-in prober now. */
  isRunning(): boolean;
  /** Stops the prober if it runs here (its last results are stored first) and leaves the race. */
  stop(): Promise<void>;
}

export interface BuiltinProberLeadershipOptions {
  /** How often a replica that does not run the prober tries to take over, and the holder checks its lock. */
  lockRetryMs?: number;
  /** How soon the holder tries to get its lock back after its connection was lost. */
  reclaimMs?: number;
}

/**
 * The installation has one built-in prober ("Local"), and every replica with
 * BUILTIN_PROBER_ENABLED may run it — but only one at a time, or each of its checks would be made
 * once per replica. The one holding a PostgreSQL session advisory lock runs it; the others try to
 * take the lock every `lockRetryMs`. The lock lives as long as the holder's connection, so when
 * the holder dies (kill -9, crash, lost host) PostgreSQL frees it and another replica takes over
 * within about `lockRetryMs`: no lease to expire.
 *
 * When the holder's own connection is lost (PostgreSQL restarted) it keeps its prober running —
 * results wait in its buffer — and tries to get the lock back every `reclaimMs`; should another
 * replica have taken it meanwhile, the holder stops its prober and that one's runs.
 */
export function leadBuiltinProber(
  context: ServiceContext,
  proberId: number,
  logger: Logger,
  start: () => Promise<BuiltinProber>,
  options: BuiltinProberLeadershipOptions = {},
): BuiltinProberLeadership {
  const lockRetryMs = options.lockRetryMs ?? 5_000;
  const reclaimMs = options.reclaimMs ?? 1_000;
  const log = logger.child({ component: 'builtin-prober-leadership', proberId });
  const stopping = new AbortController();
  let prober: BuiltinProber | undefined;

  /** Holds the lock until the connection is lost or we stop, checking the connection now and then. */
  async function hold(session: AdvisoryLockSession): Promise<void> {
    const held = AbortSignal.any([stopping.signal, session.lost]);
    while (!held.aborted && (await session.isAlive())) await sleep(lockRetryMs, held);
  }

  const running = (async () => {
    const lock = contendForAdvisoryLock(context.db, `paydar:builtin-prober:${proberId}`);
    while (!stopping.signal.aborted) {
      try {
        const session = await lock.tryAcquire();
        if (session) {
          if (!prober) {
            log.info('this replica runs the built-in prober');
            prober = await start();
          }
          await hold(session);
          if (!stopping.signal.aborted) log.warn('lost the built-in prober lock with its connection; reclaiming it');
          continue;
        }
        if (prober) {
          log.info('another replica runs the built-in prober now; stopping ours');
          await prober.stop();
          prober = undefined;
        }
      } catch (error) {
        if (!stopping.signal.aborted) log.warn({ err: error }, 'built-in prober lock: trying again');
      }
      await sleep(prober ? reclaimMs : lockRetryMs, stopping.signal);
    }
    await prober?.stop();
    prober = undefined;
    await lock.close();
  })();

  return {
    isRunning: () => prober !== undefined,
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
