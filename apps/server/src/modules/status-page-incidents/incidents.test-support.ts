import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { createMonitor, httpMonitorBody } from '../monitors/monitors.test-support';

/** Pages and monitors for incident tests, made through the owner API. */

let slugCounter = 0;
export const uniqueSlug = () => `incidents-${Date.now().toString(36)}-${++slugCounter}`;

export async function monitorOf(server: TestServer, owner: BuiltUser, proberId: number): Promise<number> {
  const response = await createMonitor(server, owner, httpMonitorBody(proberId, { probers: [proberId] }));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}

/** A page of these monitors, each shown as its given public name. */
export async function pageOf(
  server: TestServer,
  owner: BuiltUser,
  monitors: Array<{ id: number; name: string }>,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; slug: string }> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/status_pages/',
    headers: owner.headers,
    payload: {
      slug: uniqueSlug(),
      title: 'Acme',
      time_zone: 'UTC',
      sections: [{ title: 'Web', monitors: monitors.map((m) => ({ monitor: m.id, public_name: m.name })) }],
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string };
}

/** The incidents of a page as stored, oldest first, with their monitors and updates. */
export async function storedIncidents(server: TestServer, pageId: number) {
  const result = await server.context.db.execute<{
    id: number;
    title: string;
    origin: string;
    state: string;
    started_at: Date;
    resolved_at: Date | null;
    monitors: number[];
    updates: Array<{ state: string; body: string; automatic: boolean }>;
  }>(sql`
    SELECT i.id, i.title, i.origin, i.state, i.started_at, i.resolved_at,
      coalesce((SELECT array_agg(monitor_id ORDER BY monitor_id) FROM incident_monitors WHERE incident_id = i.id), '{}') AS monitors,
      coalesce((SELECT json_agg(json_build_object('state', u.state, 'body', u.body, 'automatic', u.automatic) ORDER BY u.created_at, u.id)
        FROM incident_updates u WHERE u.incident_id = i.id), '[]') AS updates
    FROM incidents i WHERE i.status_page_id = ${pageId} ORDER BY i.started_at, i.id`);
  return result.rows;
}
