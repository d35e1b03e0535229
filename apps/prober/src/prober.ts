import { join } from 'node:path';
import { type AgentOptions, type AgentStats, startAgent } from '@paydar/checks/agent/agent';
import type { AgentFatalError } from '@paydar/checks/agent/errors';
import type { AgentLogger } from '@paydar/checks/agent/logger';
import { lockDir } from '@paydar/result-buffer/dir-lock';
import { DiskResultBuffer } from '@paydar/result-buffer/disk-buffer';
import type { ProberConfig } from './config';
import { readAssignments, saveAssignments } from './data-dir';
import { createHttpTransport } from './http-transport';

export interface ProberHandle {
  /** Stops checking, delivers what it can, then leaves the rest on disk for the next start. */
  stop(): Promise<void>;
  stats(): AgentStats;
}

export interface ProberDeps {
  logger: AgentLogger;
  /** The server refused this prober for good (unknown key, disabled): the caller should stop and exit. */
  onFatal?: (error: AgentFatalError) => void;
  /** Agent settings tests shorten (batch interval, back-off, long-poll wait). */
  agent?: Partial<Pick<AgentOptions, 'batchIntervalMs' | 'backoff' | 'assignmentsWaitSeconds' | 'flushTimeoutMs'>>;
  /** How often a status line is logged, ms (default 60,000). */
  statusIntervalMs?: number;
}

/** The standalone agent: the shared agent core with an HTTP transport and a disk buffer in the data dir. */
export async function startProber(config: ProberConfig, deps: ProberDeps): Promise<ProberHandle> {
  const { logger } = deps;
  const lock = await lockDir(config.dataDir);
  let buffer: DiskResultBuffer;
  try {
    buffer = await DiskResultBuffer.open({
      dir: join(config.dataDir, 'results'),
      maxResults: config.maxBuffer,
      logger,
    });
  } catch (err) {
    await lock.release();
    throw err;
  }
  const url = new URL(config.serverUrl);
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    logger.warn({ server: config.serverUrl }, 'the prober key is sent over plain HTTP; use https://');
  }

  let saving: Promise<void> = Promise.resolve();
  const agent = startAgent({
    ...deps.agent,
    transport: createHttpTransport({ serverUrl: config.serverUrl, key: config.key }),
    buffer,
    allowPrivateTargets: config.allowPrivateTargets,
    ...(config.pingPath ? { scheduler: { pingPath: config.pingPath } } : {}),
    logger,
    initialAssignments: await readAssignments(config.dataDir),
    onAssignments: (assignments) => {
      // One save at a time, in order; stop() waits for the last.
      saving = saving
        .then(() => saveAssignments(config.dataDir, assignments))
        .catch((err: Error) => logger.warn({ error: err.message }, 'cannot save the assignments'));
    },
    ...(deps.onFatal ? { onFatal: deps.onFatal } : {}),
  });
  logger.info({ server: config.serverUrl, data_dir: config.dataDir, buffered: buffer.size() }, 'prober started');

  const status = setInterval(() => {
    const { scheduler, ...counts } = agent.stats();
    logger.info({ ...counts, monitors: scheduler.monitors, drift_p99_ms: scheduler.drift.p99 }, 'status');
  }, deps.statusIntervalMs ?? 60_000);
  status.unref();

  let stopped: Promise<void> | null = null;
  return {
    stats: () => agent.stats(),
    stop: () => {
      stopped ??= (async () => {
        clearInterval(status);
        try {
          await agent.stop();
        } finally {
          await saving;
          await buffer.close();
          await lock.release();
        }
      })();
      return stopped;
    },
  };
}
