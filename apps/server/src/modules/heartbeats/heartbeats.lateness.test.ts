import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startReplica, startTestServer, type TestServer } from '../../../test/harness';
import { createHeartbeat, downtimesOf, eventsOf, ping, stateOf } from './heartbeats.test-support';
import { sweepLateHeartbeats } from './lateness-sweep';

/**
 * Lateness is decided once across replicas and restarts: two sweeps racing (two replicas on one
 * database) open one downtime and send one alert, and a replica started afterwards — a restart
 * mid-lateness, whose start-up sweep runs at once — decides nothing again.
 */
let server: TestServer;
let owner: BuiltUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
});
afterAll(() => server.close());

async function downAlerts(monitorId: number) {
  const result = await server.context.db.execute<{ recipient: string }>(sql`
    SELECT n.recipient FROM notifications n
    WHERE n.user_id = ${owner.id} AND n.facts->>'kind' = 'down' AND n.monitor_id = ${monitorId}`);
  return result.rows;
}

describe('lateness across replicas and restarts', () => {
  it('two concurrent sweeps take a late heartbeat down once, with one alert', async () => {
    const replica = await startReplica(server);
    try {
      const { id, token } = await createHeartbeat(server, owner, { period: 15, grace: 0 });
      expect((await ping(server, token)).statusCode).toBe(200);
      server.clock.offsetMs = 16_000;
      replica.clock.offsetMs = 16_000;
      const outcomes = await Promise.all([
        sweepLateHeartbeats(server.context),
        sweepLateHeartbeats(replica.context),
        sweepLateHeartbeats(server.context),
      ]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.late, 0)).toBeLessThanOrEqual(1);
      expect(await stateOf(server, id)).toMatchObject({ is_down: true });
      expect(await downtimesOf(server, id)).toHaveLength(1);
      expect(await eventsOf(server, id)).toEqual([{ kind: 'down', reason: 'No ping within 15 sec.' }]);
      await eventually(async () => expect(await downAlerts(id)).toEqual([{ recipient: owner.email }]));
    } finally {
      await replica.close();
    }
  });

  it('a ping racing the sweep at the deadline leaves one consistent outcome, never a deadlock', async () => {
    const { id, token } = await createHeartbeat(server, owner, { period: 15, grace: 0 });
    for (let round = 1; round <= 5; round += 1) {
      await ping(server, token);
      server.clock.offsetMs += 16_000;
      const [pinged] = await Promise.all([
        ping(server, token),
        sweepLateHeartbeats(server.context),
        sweepLateHeartbeats(server.context),
      ]);
      expect(pinged.statusCode).toBe(200);
      // Whichever came first, the success is the last word: up, and a downtime (if any) closed.
      expect(await stateOf(server, id)).toMatchObject({ is_down: false });
      const downtimes = await downtimesOf(server, id);
      expect(downtimes.every((downtime) => downtime.to_ms !== null)).toBe(true);
    }
    const kinds = (await eventsOf(server, id)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'down').length).toBe(kinds.filter((kind) => kind === 'up').length);
    server.clock.offsetMs = 0;
  });

  it('a server started mid-lateness decides it once, and one started after decides nothing again', async () => {
    const { id, token } = await createHeartbeat(server, owner, { period: 15, grace: 0 });
    await ping(server, token);
    server.clock.offsetMs = 16_000;
    // A new process: its sweep runs at start (pg-boss) while this one sweeps too.
    const first = await startReplica(server);
    first.clock.offsetMs = 16_000;
    await Promise.all([sweepLateHeartbeats(server.context), sweepLateHeartbeats(first.context)]);
    await first.close();
    const second = await startReplica(server);
    second.clock.offsetMs = 40_000;
    try {
      await sweepLateHeartbeats(second.context);
      expect((await eventsOf(server, id)).map((event) => event.kind)).toEqual(['down']);
      await eventually(async () => expect(await downAlerts(id)).toHaveLength(1));
      // Long enough for a second alert to have been sent, were there one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await downAlerts(id)).toHaveLength(1);
      expect(await downtimesOf(server, id)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
