import type { CheckResult, CheckSpec } from '@paydar/contracts/agent';
import { MAX_RESULTS_PER_BATCH, type Recheck } from '@paydar/contracts/agent-api';
import { Scheduler, type SchedulerOptions, type SchedulerStats } from '../scheduler';
import { Backoff, type BackoffOptions, sleep } from './backoff';
import type { ResultBuffer } from './buffer';
import { AgentFatalError, describeFailure } from './errors';
import { type AgentLogger, silentLogger } from './logger';
import { Reporter, type ReporterCounts, type SendResults } from './reporter';

/** A prober's whole assignment set at one version. */
export interface Assignments {
  version: number;
  monitors: CheckSpec[];
}

/** What one poll brings: a new set, open confirmation rounds to re-check at once, or both. */
export interface AssignmentsAnswer {
  version: number;
  /** The whole set; absent when the agent's version is current. */
  monitors?: CheckSpec[] | undefined;
  rechecks?: Recheck[] | undefined;
}

/**
 * How the agent reaches the server: HTTP for the standalone agent, direct calls for the
 * server's built-in prober. Both methods throw on failure; AgentFatalError when retrying
 * cannot help (unknown key, disabled prober), BatchRefusedError when a smaller batch may pass.
 */
export interface AgentTransport {
  /**
   * The whole set when the server's version differs from `version`, and the confirmation rounds
   * opened after `recheckAfter` (epoch ms); null when neither came within `waitSeconds`.
   */
  fetchAssignments(
    version: number,
    waitSeconds: number,
    signal: AbortSignal,
    recheckAfter: number,
  ): Promise<AssignmentsAnswer | null>;
  /** Resolves once the server has stored the batch (≤ MAX_RESULTS_PER_BATCH results). */
  sendResults: SendResults;
}

export interface AgentOptions {
  transport: AgentTransport;
  buffer: ResultBuffer;
  /** Let checks reach loopback, private, link-local and metadata addresses (tests, self-hosted installs). */
  allowPrivateTargets: boolean;
  logger?: AgentLogger;
  /** How often the reporter sends what the buffer holds, ms (default 1,000). */
  batchIntervalMs?: number;
  /** Results per POST, at most MAX_RESULTS_PER_BATCH (the default). */
  maxBatch?: number;
  /** How long one assignments long-poll is held open by the server, seconds (default 25). */
  assignmentsWaitSeconds?: number;
  /** Back-off after a failed poll or send (default 1 s doubling to 60 s, jittered). */
  backoff?: BackoffOptions;
  /** How long stop() keeps trying to deliver what is buffered, ms (default 5,000). */
  flushTimeoutMs?: number;
  /** The set known before the server answers (the standalone agent keeps the last one on disk). */
  initialAssignments?: Assignments | null;
  /** Called with every set the server sends, after it is applied (not with initialAssignments). */
  onAssignments?: (assignments: Assignments) => void;
  /** Called once when the server refuses this prober for good; the agent has stopped syncing and sending. */
  onFatal?: (error: AgentFatalError) => void;
  /** How often the agent logs its stats at info level, ms (default 60,000; 0 never). */
  statsLogIntervalMs?: number;
  /** Passed to the scheduler: the ping executable, or a substitute check, clock or timers in tests and benchmarks. */
  scheduler?: Omit<SchedulerOptions, 'onResult' | 'onError' | 'allowPrivateTargets'>;
}

export interface AgentStats extends ReporterCounts {
  /** The assignment version in force; 0 before the first set. */
  assignmentVersion: number;
  /** Results the checks produced since the start. */
  produced: number;
  /** Results waiting in the buffer. */
  buffered: number;
  /** Results the buffer dropped past its bound (logged as they go). */
  dropped: number;
  syncFailures: number;
  lastSyncAt: string | null;
  scheduler: SchedulerStats;
}

export interface Agent {
  /**
   * Stops polling and scheduling, waits for the checks in progress, then tries for up to
   * flushTimeoutMs to deliver what is buffered. What could not be delivered stays in the buffer;
   * closing the buffer is the caller's job.
   */
  stop(): Promise<void>;
  stats(): AgentStats;
}

/**
 * Runs a prober: a sync loop long-polls the assignments and keeps the scheduler's set equal to
 * them, the scheduler runs the checks, and a reporter moves their results through the buffer to
 * the server. While the server cannot be reached the last set keeps running and results wait.
 */
export function startAgent(options: AgentOptions): Agent {
  const logger = options.logger ?? silentLogger;
  const { transport, buffer } = options;
  const maxBatch = Math.max(1, Math.min(MAX_RESULTS_PER_BATCH, options.maxBatch ?? MAX_RESULTS_PER_BATCH));
  const waitSeconds = options.assignmentsWaitSeconds ?? 25;
  const stopping = new AbortController();
  // Aborts sends in flight: at the end of stop()'s flush window, or on a fatal error.
  const hard = new AbortController();
  let fatal: AgentFatalError | null = null;
  let produced = 0;
  let version = 0;
  let loaded = false;
  // The newest confirmation round answered; rounds already open when the agent starts are answered too.
  let recheckAfter = 0;
  const sync = { failures: 0, lastSyncAt: null as string | null };

  const scheduler = new Scheduler({
    ...options.scheduler,
    allowPrivateTargets: options.allowPrivateTargets,
    onResult: (result: CheckResult) => {
      produced++;
      buffer.append(result);
    },
    onError: (err) => logger.error({ error: describeFailure(err) }, 'scheduler error'),
  });
  const reporter = new Reporter(
    transport.sendResults.bind(transport),
    buffer,
    logger,
    maxBatch,
    new Backoff(options.backoff),
  );

  const apply = (assignments: Assignments, fromServer = true) => {
    // The first set after a start waits for each monitor's slot, so a restart does not run every
    // monitor at once; later sets run new and edited monitors within seconds. replaceAll leaves
    // unchanged monitors on their schedule.
    scheduler.replaceAll(assignments.monitors, { onSlot: !loaded });
    loaded = true;
    version = assignments.version;
    logger.info(
      { version, monitors: assignments.monitors.length, source: fromServer ? 'server' : 'saved' },
      'assignments applied',
    );
    if (fromServer) options.onAssignments?.(assignments);
  };

  // A confirmation round: re-check these monitors now, outside their slots (each result carries its
  // own start time, so it is stored beside the slot's results, not as a duplicate of one).
  const recheck = (rechecks: readonly Recheck[]) => {
    for (const item of rechecks) {
      recheckAfter = Math.max(recheckAfter, item.requested_at);
      scheduler.runNow(item.monitor_id);
    }
    logger.debug({ monitors: rechecks.map((item) => item.monitor_id) }, 'confirmation round: re-checking');
  };

  const fail = (err: AgentFatalError) => {
    if (fatal) return;
    fatal = err;
    logger.error({ error: err.message }, 'the server refuses this prober; stopping');
    stopping.abort();
    hard.abort();
    options.onFatal?.(err);
  };

  const syncLoop = async () => {
    const backoff = new Backoff(options.backoff);
    while (!stopping.signal.aborted) {
      const startedAt = Date.now();
      try {
        const next = await transport.fetchAssignments(version, waitSeconds, stopping.signal, recheckAfter);
        if (backoff.failures > 0) logger.info({ failures: backoff.failures }, 'reached the server again');
        backoff.reset();
        sync.lastSyncAt = new Date().toISOString();
        if (next?.monitors) apply({ version: next.version, monitors: next.monitors });
        if (next?.rechecks?.length) recheck(next.rechecks);
        // A server that answers "no change" at once would otherwise be polled in a tight loop.
        else await sleep(Math.max(0, 1_000 - (Date.now() - startedAt)), stopping.signal);
        loaded = true;
      } catch (err) {
        if (stopping.signal.aborted) return;
        if (err instanceof AgentFatalError) return fail(err);
        sync.failures++;
        if (backoff.failures % 10 === 0) {
          logger.warn(
            { error: describeFailure(err), failures: backoff.failures + 1 },
            'cannot fetch assignments; the last set keeps running',
          );
        }
        await sleep(backoff.next(), stopping.signal);
      }
    }
  };

  const reportLoop = async () => {
    try {
      await reporter.run(options.batchIntervalMs ?? 1_000, stopping.signal, hard.signal);
    } catch (err) {
      if (err instanceof AgentFatalError) fail(err);
      else logger.error({ error: describeFailure(err) }, 'reporter stopped');
    }
  };

  const stats = (): AgentStats => ({
    ...reporter.counts,
    assignmentVersion: version,
    produced,
    buffered: buffer.size(),
    dropped: buffer.dropped(),
    syncFailures: sync.failures,
    lastSyncAt: sync.lastSyncAt,
    scheduler: scheduler.stats(),
  });
  // What an operator watches: checks made and delivered, backlog, losses, start drift, memory.
  const logStats = () => {
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
    const memory = {
      rssMiB: mib(rss),
      heapUsedMiB: mib(heapUsed),
      heapTotalMiB: mib(heapTotal),
      externalMiB: mib(external),
    };
    logger.info({ stats: stats(), memory }, 'prober stats');
  };
  const statsLogIntervalMs = options.statsLogIntervalMs ?? 60_000;
  const statsLog = statsLogIntervalMs > 0 ? setInterval(logStats, statsLogIntervalMs) : null;
  statsLog?.unref();

  if (options.initialAssignments) apply(options.initialAssignments, false);
  const loops = Promise.all([syncLoop(), reportLoop()]);

  let stopped: Promise<void> | null = null;
  const stop = async () => {
    if (statsLog) clearInterval(statsLog);
    stopping.abort();
    await scheduler.stop();
    const deadline = setTimeout(() => hard.abort(), options.flushTimeoutMs ?? 5_000);
    try {
      await loops;
      if (!fatal && buffer.size() > 0) await reporter.drain(hard.signal);
    } catch (err) {
      logger.warn({ error: describeFailure(err) }, 'could not deliver every result before stopping');
    } finally {
      clearTimeout(deadline);
    }
    const left = buffer.size();
    if (left > 0) logger.warn({ buffered: left }, 'stopped with results still buffered');
    else logger.info({ delivered: reporter.counts.delivered }, 'stopped; nothing left to deliver');
  };

  return {
    stop: () => {
      stopped ??= stop();
      return stopped;
    },
    stats,
  };
}
