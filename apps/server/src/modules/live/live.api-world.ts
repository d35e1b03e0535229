import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { type AgentWorld, useAgentWorld } from '../agent/agent.test-support';
import { listening, openStream, type TestStream } from './live.test-support';

/**
 * What the live API test files share: the agent world's server listening on a port (streams need
 * real HTTP), a second Gold user, and every stream a test opened closed after the file.
 */
export interface LiveWorld {
  world: AgentWorld;
  /** The listening server's base URL. */
  baseUrl(): string;
  /** A second user, to prove that nothing of the owner's reaches them. */
  other(): BuiltUser;
  /** Opens `path` as an event stream (on `url`, the server by default); closed after the file. */
  stream(path: string, headers?: Record<string, string>, url?: string): Promise<TestStream>;
  closeStreams(): void;
  /** A later time for each result, so no two batches collide on (monitor, prober, time). */
  nextTime(): number;
  /** A monitor of the owner's on the `Solo` agent, as POST /api/v1/monitors/ takes it. */
  monitorBody(): Record<string, unknown>;
  ownerHeaders(): { authorization: string };
  /** A write made behind the server's back (as an operator would), announced before the test goes on. */
  writeDirectly(statement: ReturnType<typeof sql>): Promise<void>;
}

/** Starts the world before the file's tests (useAgentWorld) and closes its streams, then the server, after. */
export function useLiveWorld(): LiveWorld {
  const world = useAgentWorld();
  const open: TestStream[] = [];
  let baseUrl: string | undefined;
  let other: BuiltUser | undefined;
  let clock = Date.now() - 60_000;

  beforeAll(async () => {
    baseUrl = await listening(world.server.app);
    other = await buildUser(world.server);
    await setPlan(world.server, other.id, 'Gold');
  });

  const live: LiveWorld = {
    world,
    baseUrl() {
      if (!baseUrl) throw new Error('the live test server is not listening yet');
      return baseUrl;
    },
    other() {
      if (!other) throw new Error('the live test world is not started');
      return other;
    },
    async stream(path, headers = {}, url = live.baseUrl()) {
      const opened = await openStream(url, path, headers);
      open.push(opened);
      return opened;
    },
    closeStreams() {
      for (const opened of open) opened.close();
    },
    nextTime() {
      clock += 1_000;
      return clock;
    },
    monitorBody: () => ({
      protocol_type: 'HTTP',
      url: 'http://93.184.216.34/',
      period: 15,
      apdex: 0.5,
      probers: [world.ids['Solo-agent']],
    }),
    ownerHeaders: () => ({ authorization: world.owner.headers.authorization }),
    async writeDirectly(statement) {
      await world.server.context.db.execute(statement);
      world.server.context.changes.wrote();
      await world.server.context.changes.settled();
    },
  };
  // Registered after useAgentWorld's: Vitest runs after-hooks last-registered first, so the
  // streams close before the server does.
  afterAll(() => live.closeStreams());
  return live;
}

/** Fails instead of waiting for ever: a stream that should end and does not. */
export const endsWithin = (opened: TestStream, ms = 20_000) =>
  Promise.race([
    opened.ended.then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);
