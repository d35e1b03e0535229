import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';

/** The agent API tests' world: one server, one Gold owner, and probers registered by name. */
export interface AgentWorld {
  readonly server: TestServer;
  readonly owner: BuiltUser;
  /** Prober ids by name (`A-agent`). */
  readonly ids: Record<string, number>;
  /** Registers a prober named `name` and keeps its key and id. */
  registerProber(name: string): Promise<void>;
  /** The `Authorization` header of the prober `<name>-agent`. */
  agent(name: string): { authorization: string };
  /** Creates an HTTP monitor of the owner's checked by these probers (`A` for `A-agent`). */
  createMonitor(probers: string[], overrides?: Record<string, unknown>): Promise<number>;
  /** POSTs a batch of results as the prober `<name>-agent`. */
  post(name: string, results: unknown[]): Promise<LightMyRequestResponse>;
}

/** Starts the server before the file's tests (with `A`, `B`, `C`, `Solo` and `Other` agents) and closes it after. */
export function useAgentWorld(): AgentWorld {
  const keys: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let server: TestServer | undefined;
  let owner: BuiltUser | undefined;
  const started = () => {
    if (!server || !owner) throw new Error('the agent test server is not started');
    return { server, owner };
  };

  const world: AgentWorld = {
    get server() {
      return started().server;
    },
    get owner() {
      return started().owner;
    },
    ids,
    async registerProber(name) {
      const output = await addProber(started().server.context, name, { country: 'DE' });
      keys[name] = output.split('\n')[1] ?? '';
      ids[name] = Number(/id (\d+)/.exec(output)?.[1]);
    },
    agent: (name) => ({ authorization: `Prober ${keys[`${name}-agent`]}` }),
    async createMonitor(probers, overrides = {}) {
      const response = await started().server.app.inject({
        method: 'POST',
        url: '/api/v1/monitors/',
        headers: started().owner.headers,
        payload: {
          protocol_type: 'HTTP',
          url: 'http://93.184.216.34/',
          period: 15,
          apdex: 0.5,
          probers: probers.map((name) => ids[`${name}-agent`]),
          ...overrides,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    },
    post: (name, results) =>
      started().server.app.inject({
        method: 'POST',
        url: '/api/agent/v1/results',
        headers: world.agent(name),
        payload: { results },
      }),
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await buildUser(server);
    await setPlan(server, owner.id, 'Gold');
    for (const name of ['A', 'B', 'C', 'Solo', 'Other']) await world.registerProber(`${name}-agent`);
  });
  afterAll(() => server?.close());
  return world;
}

/** One check result as an agent sends it; a failure is an HTTP 503. */
export const result = (monitorId: number, time: Date, success: boolean, duration = 100) => ({
  monitor_id: monitorId,
  time: time.toISOString(),
  success,
  status_code: success ? 200 : 503,
  error: success ? null : 'HTTP 503 Service Unavailable',
  phases: { resolve: 1, connect: 2, tls: null, response: duration - 5, duration },
  extra_info: {},
});

/** A minute boundary an hour ago: every scripted result is in the past and within one day. */
export const base = () => new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
