import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import type { ChangeEvent, ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/client';
import { createHeartbeat } from '../heartbeats/heartbeats.test-support';
import { createLiveHub, type LiveStream } from './live-hub';

/**
 * The hub's read of announced changes against streams that come and go while it runs: a read is
 * held open here (its database call waits on a gate), so what joins meanwhile is exact, not timing.
 */
const server = useTestServer();

/** The server's database, its queries held while the gate is closed; `answered` tells when one has been answered. */
function gatedDatabase(db: Database) {
  let open: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  let started: () => void = () => undefined;
  let answered: () => void = () => undefined;
  const next = () => ({
    started: new Promise<void>((resolve) => {
      started = resolve;
    }),
    answered: new Promise<void>((resolve) => {
      answered = resolve;
    }),
  });
  let read = next();
  const gated = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Database['execute']>) => {
        started();
        await gate;
        const result = await target.execute(...args);
        answered();
        return result;
      };
    },
  });
  return {
    db: gated,
    close() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
      read = next();
      return read;
    },
    open: () => open(),
  };
}

function manualFeed() {
  let handler: (event: ChangeEvent) => void = () => undefined;
  const feed = {
    subscribe(next: (event: ChangeEvent) => void) {
      handler = next;
      return () => undefined;
    },
  } as unknown as ChangeFeed;
  return { feed, announce: (event: ChangeEvent) => handler(event) };
}

function recordingStream(base: Pick<LiveStream, 'user' | 'shared'>) {
  const written: string[] = [];
  const stream: LiveStream & { written: string[]; ended: boolean } = {
    ...base,
    position: 0,
    written,
    ended: false,
    write: (event) => written.push(event),
    end() {
      stream.ended = true;
    },
  };
  return stream;
}

describe('the live hub', () => {
  it('does not end a shared page that opened while a read for other streams ran, nor tell its owner the monitor was removed', async () => {
    const watcher = await buildUser(server);
    const owner = await buildUser(server);
    const { body: shared } = await createHeartbeat(server, owner, { period: 300 });
    const database = gatedDatabase(server.context.db);
    const { feed, announce } = manualFeed();
    const hub = createLiveHub({
      db: database.db,
      changes: feed,
      logger: pino({ level: 'silent' }),
      // Every session lives on: only the read of changes is looked at.
      sessionDeadlines: async (ids) => new Map(ids.map((id) => [id, Date.now() + 3_600_000])),
      now: () => Date.now(),
    });
    try {
      // Another user's dashboard is open: the audience of the next read is that user alone.
      const dashboard = recordingStream({ user: { userId: watcher.id, sessionId: 1 } });
      hub.add(dashboard);
      hub.start(dashboard, []);
      const read = database.close();
      // The shared monitor's creation is announced; its read starts and waits at the gate.
      announce({ kind: 'monitor', ids: new Set([shared.id as number]) } as ChangeEvent);
      await read.started;
      // Meanwhile its shared page opens, and its owner's dashboard too (its list holds the monitor).
      const page = recordingStream({ shared: { monitorId: shared.id, token: shared.token } });
      hub.add(page);
      hub.start(page, []);
      const ownersDashboard = recordingStream({ user: { userId: owner.id, sessionId: 2 } });
      hub.add(ownersDashboard);
      hub.start(ownersDashboard, [shared.id]);
      database.open();
      await read.answered;
      // What the hub does with the answer runs in the promise jobs after it: all done by the next turn.
      await new Promise((resolve) => setImmediate(resolve));
      // The read found nothing of them (they were not in its audience): that is not a removal.
      expect(page.ended).toBe(false);
      expect(ownersDashboard.written).not.toContain('removed');
      expect(dashboard.ended).toBe(false);
    } finally {
      hub.stop();
    }
  });
});
