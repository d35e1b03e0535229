import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ProberHandle, startProber } from '../../prober/src/prober';
import { addProber } from '../src/admin/prober.commands';
import type { ServiceContext } from '../src/context';

/**
 * Real standalone agents (apps/prober, over HTTP) for tests of a listening test server: each one
 * registered as `npm run admin -- add-prober` does, in a data directory of its own, quiet, with
 * short batch and poll intervals. `stop()` stops them all and removes their directories.
 */
export function standaloneAgents(context: ServiceContext, serverUrl: string) {
  const agents: ProberHandle[] = [];
  const dataDirs: string[] = [];
  const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
  return {
    /** Registers prober `name` and starts its agent; its id. `pingPath`: the agent's PING_PATH. */
    async start(name: string, options: { pingPath?: string } = {}): Promise<number> {
      const output = await addProber(context, name, { country: 'DE' });
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'paydar-agent-'));
      dataDirs.push(dataDir);
      agents.push(
        await startProber(
          {
            serverUrl,
            key: output.split('\n')[1] ?? '',
            dataDir,
            maxBuffer: 10_000,
            allowPrivateTargets: true,
            logLevel: 'error',
            ...options,
          },
          { logger: quiet, agent: { batchIntervalMs: 200, assignmentsWaitSeconds: 20 } },
        ),
      );
      return Number(/id (\d+)/.exec(output)?.[1]);
    },
    async stop(): Promise<void> {
      for (const agent of agents) await agent.stop();
      for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
