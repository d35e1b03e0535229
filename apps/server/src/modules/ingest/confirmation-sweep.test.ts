import { CONFIRMATION_WAIT_MS } from '@paydar/domain/confirmation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResult, postResults } from '../../../test/check-results';
import { type BuiltUser, buildUser, setPlan } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import { addProber } from '../../admin/prober.commands';
import { sweepConfirmationRounds } from './confirmation-sweep';

/**
 * The sweep on the service clock: a round not yet due is left open and its deadline reported (the
 * sweep wakes itself then); once due it is decided, and a second sweep finds nothing to decide.
 */
let server: TestServer;
let owner: BuiltUser;
const keys: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  owner = await buildUser(server);
  await setPlan(server, owner.id, 'Gold');
  for (const name of ['Sweep-A', 'Sweep-B']) {
    const output = await addProber(server.context, name, { country: 'DE' });
    keys[name] = output.split('\n')[1] ?? '';
    ids[name] = Number(/id (\d+)/.exec(output)?.[1]);
  }
});
afterAll(() => server.close());

const post = (name: string, results: unknown[]) => postResults(server, keys[name], results);

describe('the confirmation sweep', () => {
  it('leaves a round open until its deadline, then decides it once', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/monitors/',
      headers: owner.headers,
      payload: {
        protocol_type: 'HTTP',
        url: 'http://93.184.216.34/',
        period: 300,
        apdex: 0.5,
        probers: Object.values(ids),
      },
    });
    const monitorId = created.json().id as number;
    const now = Date.now();
    for (const name of ['Sweep-A', 'Sweep-B']) await post(name, [checkResult(monitorId, now - 20_000, true)]);
    // A fails twice (its own re-check answers the round); B, fresh, is waited for.
    await post('Sweep-A', [checkResult(monitorId, now - 1_000, false)]);
    await post('Sweep-A', [checkResult(monitorId, now - 500, false)]);
    const opened = (
      await server.context.db.execute<{ at: number }>(sql`
        SELECT (extract(epoch FROM confirming_opened_at) * 1000)::float8 AS at FROM monitor_states WHERE monitor_id = ${monitorId}`)
    ).rows[0]?.at as number;

    const early = await sweepConfirmationRounds(server.context);
    expect(early).toMatchObject({ settled: 0, transitions: 0, nextDeadline: opened + CONFIRMATION_WAIT_MS });

    server.clock.offsetMs = opened + CONFIRMATION_WAIT_MS - Date.now();
    try {
      expect(await sweepConfirmationRounds(server.context)).toEqual({ settled: 1, transitions: 1, nextDeadline: null });
      expect(await sweepConfirmationRounds(server.context)).toEqual({ settled: 0, transitions: 0, nextDeadline: null });
    } finally {
      server.clock.offsetMs = 0;
    }
    const events = await server.context.db.execute(
      sql`SELECT kind FROM monitor_events WHERE monitor_id = ${monitorId}`,
    );
    expect(events.rows).toEqual([{ kind: 'down' }]);
  });
});
