import { type AgentStats, type AgentTransport, startAgent } from '@paydar/checks/agent/agent';
import { MemoryResultBuffer } from '@paydar/checks/agent/buffer';
import type { Logger } from 'pino';
import type { ServiceContext } from '../../context';
import { pollAssignments, reportResults } from '../agent/agent.service';
import { touchProber } from './probers.repository';

export interface BuiltinProber {
  stop(): Promise<void>;
  /** The agent's counters: results, buffer, scheduler drift (read by benchmarks). */
  stats(): AgentStats;
}

/**
 * The server's own prober ("Local"): the same agent code as apps/prober, with a transport that
 * calls the services in-process instead of the agent API over HTTP. Its buffer is in memory:
 * a result not yet stored when the server stops is lost, and only then (stop flushes first).
 */
export function startBuiltinProber(context: ServiceContext, proberId: number, logger: Logger): BuiltinProber {
  return startInProcessProber(context, proberId, logger.child({ prober: 'builtin' }));
}

/** An agent for `proberId` inside this process (the built-in prober; benchmarks run several). */
export function startInProcessProber(context: ServiceContext, proberId: number, logger: Logger): BuiltinProber {
  const transport: AgentTransport = {
    async fetchAssignments(version, waitSeconds, signal) {
      await touchProber(context.db, proberId, context.now());
      return pollAssignments(context, context.assignmentNotifier, proberId, version, waitSeconds * 1000, signal);
    },
    // Validated like any agent's: a check that breaks the contract costs its result alone.
    async sendResults(results) {
      return reportResults(context, { id: proberId }, results);
    },
  };
  const agentLogger = logger;
  const agent = startAgent({
    transport,
    buffer: new MemoryResultBuffer({ logger: agentLogger }),
    allowPrivateTargets: context.config.ALLOW_PRIVATE_TARGETS,
    logger: agentLogger,
    // Touching last_seen_at on each poll keeps the prober shown as active.
    assignmentsWaitSeconds: 20,
  });
  return { stop: () => agent.stop(), stats: () => agent.stats() };
}
