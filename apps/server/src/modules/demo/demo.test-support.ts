import { sql } from 'drizzle-orm';
import type { TestServer } from '../../../test/harness';
import { DEMO_MONITORS, isDemoHeartbeat } from './demo.catalogue';

/** The catalogue's heartbeat. */
export const DEMO_HEARTBEAT = (() => {
  const spec = DEMO_MONITORS.find(isDemoHeartbeat);
  if (!spec) throw new Error('the demo catalogue has no heartbeat');
  return spec;
})();

/** Counts of everything the demo writes, to compare a seed with a repeat or a race. */
export async function demoCounts(server: TestServer) {
  const one = async (query: ReturnType<typeof sql>) =>
    Number((await server.context.db.execute<{ n: string }>(query)).rows[0]?.n ?? 0);
  const demoMonitorIds = sql`(SELECT id FROM monitors WHERE is_demo)`;
  return {
    monitors: await one(sql`SELECT count(*) AS n FROM monitors WHERE is_demo`),
    probers: await one(sql`SELECT count(*) AS n FROM probers WHERE is_demo`),
    rollupChecks: await one(
      sql`SELECT coalesce(sum(checks), 0) AS n FROM quarter_rollups WHERE monitor_id IN ${demoMonitorIds}`,
    ),
    raw: await one(sql`SELECT count(*) AS n FROM probe_records WHERE monitor_id IN ${demoMonitorIds}`),
    downtimes: await one(sql`SELECT count(*) AS n FROM downtimes WHERE monitor_id IN ${demoMonitorIds}`),
    events: await one(sql`SELECT count(*) AS n FROM monitor_events WHERE monitor_id IN ${demoMonitorIds}`),
    notifications: await one(sql`SELECT count(*) AS n FROM notifications WHERE monitor_id IN ${demoMonitorIds}`),
  };
}

/** The demo account's session key, through the guest login. */
export async function demoHeaders(server: TestServer): Promise<{ authorization: string }> {
  const login = await server.app.inject({ method: 'GET', url: '/api/v1/users/login_as_demo' });
  return { authorization: `Token ${login.json().key}` };
}
