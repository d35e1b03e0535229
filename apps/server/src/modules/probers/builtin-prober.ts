import { join } from 'node:path';
import { type AgentStats, type AgentTransport, startAgent } from '@paydar/checks/agent/agent';
import { MemoryResultBuffer, type ResultBuffer } from '@paydar/checks/agent/buffer';
import { raceAbort } from '@paydar/checks/probe';
import { lockDir } from '@paydar/result-buffer/dir-lock';
import { DiskResultBuffer } from '@paydar/result-buffer/disk-buffer';
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { pollAssignments, reportResults } from '../agent/agent.service';
import { touchProber } from './probers.repository';

/**
 * How often the built-in prober hands its results to ingest. Each batch has a fixed cost (a
 * transaction of several statements, its change notifications and their wake-ups) whatever its
 * size: at 500 monitors at 20 s, 2 s batches cost 0.83 ms of CPU per check against 1.13 ms for 1 s
 * batches (server + PostgreSQL, same machine, same run), and add about a second to detection
 * (first failed check → down stays under 3 s against the 10 s target).
 */
const BUILTIN_BATCH_INTERVAL_MS = 2_000;

export interface BuiltinProber {
  /** Stops checking and delivers what it can; what it cannot stays in the buffer (on disk: for the next start). */
  stop(): Promise<void>;
  /** The agent's counters: results, buffer, scheduler drift (read by benchmarks). */
  stats(): AgentStats;
}

/**
 * The server's own prober ("Local"): the same agent code as apps/prober, with a transport that
 * calls the services in-process instead of the agent API over HTTP, and the same crash-safe disk
 * buffer, in `<DATA_DIR>/builtin-prober`: what the database did not take yet (it is down, the
 * server stops or is killed) is delivered after it is back or after the next start.
 */
export async function startBuiltinProber(
  context: ServiceContext,
  proberId: number,
  logger: Logger,
): Promise<BuiltinProber> {
  const proberLogger = logger.child({ prober: 'builtin' });
  const dir = join(context.config.dataDir, 'builtin-prober');
  // One server per DATA_DIR holds the buffer; a second one on the same directory refuses to start.
  const lock = await lockDir(dir);
  let buffer: DiskResultBuffer;
  try {
    buffer = await DiskResultBuffer.open({ dir: join(dir, 'results'), logger: proberLogger });
  } catch (error) {
    await lock.release();
    throw error;
  }
  const prober = startInProcessProber(context, proberId, proberLogger, buffer);
  let stopped: Promise<void> | null = null;
  return {
    stats: () => prober.stats(),
    stop: () => {
      stopped ??= (async () => {
        try {
          await prober.stop();
        } finally {
          await buffer.close();
          await lock.release();
        }
      })();
      return stopped;
    },
  };
}

/** An agent for `proberId` inside this process (the built-in prober; benchmarks run several in memory). */
export function startInProcessProber(
  context: ServiceContext,
  proberId: number,
  logger: Logger,
  buffer: ResultBuffer = new MemoryResultBuffer({ logger }),
): BuiltinProber {
  const transport: AgentTransport = {
    async fetchAssignments(version, waitSeconds, signal, recheckAfter) {
      await touchProber(context.db, proberId, context.now());
      return pollAssignments(
        context,
        context.assignmentNotifier,
        proberId,
        version,
        waitSeconds * 1000,
        signal,
        recheckAfter,
      );
    },
    // Validated like any agent's: a check that breaks the contract costs its result alone. When
    // stop's flush window ends (`signal`) on a database that does not answer, the batch stays in
    // the buffer for the next start rather than holding the shutdown.
    async sendResults(results, signal) {
      return raceAbort(signal, reportResults(context, { id: proberId }, results, logger));
    },
  };
  const agent = startAgent({
    transport,
    buffer,
    allowPrivateTargets: context.config.ALLOW_PRIVATE_TARGETS,
    logger,
    // Touching last_seen_at on each poll keeps the prober shown as active.
    assignmentsWaitSeconds: 20,
    batchIntervalMs: BUILTIN_BATCH_INTERVAL_MS,
  });
  return { stop: () => agent.stop(), stats: () => agent.stats() };
}
