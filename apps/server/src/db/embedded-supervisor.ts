import type { ChildProcess } from 'node:child_process';
import { Backoff, sleep } from '@paydar/checks/agent/backoff';
import type { Logger } from 'pino';

export interface PostgresSupervisor {
  /** Stops supervising and shuts the running postmaster down (fast shutdown); resolves when it has exited. */
  stop(): Promise<void>;
  /** For an exit that cannot wait: asks the running postmaster to shut down, restarts nothing more. */
  signalStop(): void;
}

/**
 * Keeps the embedded postmaster running: when it exits without our asking (kill -9, OOM killer),
 * `start` is called again, with back-off, until one is up. Starting can fail for a while after a
 * kill -9 — the orphaned backends still hold the old shared memory until they notice their
 * postmaster is gone — so a failed start is simply tried again. A backend that dies is not our
 * business: the postmaster reinitialises by itself and stays up. Nothing restarts after stop().
 */
export function supervisePostgres(options: {
  /** The postmaster already started, ready for connections. */
  running: ChildProcess;
  /** Spawns a postmaster and resolves once it accepts connections; rejects if it exits first. */
  start: () => Promise<ChildProcess>;
  logger: Logger;
  backoff?: { initialMs: number; maxMs: number };
}): PostgresSupervisor {
  const { logger } = options;
  const stopping = new AbortController();
  let current = options.running;
  let restarting: Promise<void> | undefined;

  const exitOf = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const shutDown = async (child: ChildProcess) => {
    // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, checkpoint, exit.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    await exitOf(child);
  };

  async function restart(): Promise<void> {
    const backoff = new Backoff(options.backoff ?? { initialMs: 500, maxMs: 5_000 });
    while (!stopping.signal.aborted) {
      try {
        const child = await options.start();
        if (stopping.signal.aborted) return await shutDown(child);
        current = child;
        watch(child);
        logger.info({ attempts: backoff.failures + 1 }, 'embedded PostgreSQL restarted');
        return;
      } catch (error) {
        const retryInMs = backoff.next();
        logger.warn({ err: error, retryInMs }, 'embedded PostgreSQL did not start again; retrying');
        await sleep(retryInMs, stopping.signal);
      }
    }
  }

  function watch(child: ChildProcess): void {
    child.once('exit', (code, signal) => {
      if (stopping.signal.aborted || child !== current) return;
      logger.error({ code, signal }, 'embedded PostgreSQL exited unexpectedly; restarting it');
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  }
  watch(current);

  return {
    async stop() {
      stopping.abort();
      await restarting;
      await shutDown(current);
    },
    signalStop() {
      stopping.abort();
      if (current.exitCode === null && current.signalCode === null) current.kill('SIGINT');
    },
  };
}
