import { DAY_MS } from '@paydar/domain/time';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { probers } from '../src/db/schema/index';
import { type BuiltUser, callAs } from './factories';
import type { TestServer } from './harness';

/** What the status page tests around maintenance and subscribers share: monitors, pages, windows. */

let slugCounter = 0;
export const uniqueSlug = (prefix = 'page') => `${prefix}-${Date.now().toString(36)}-${++slugCounter}`;

export async function localProberOf(server: TestServer): Promise<number> {
  const [local] = await server.context.db.select().from(probers).where(eq(probers.name, 'Local'));
  return local?.id ?? 0;
}

/** A monitor of `user`, checked for the last days, so the page shows it as up. */
export async function checkedMonitor(server: TestServer, user: BuiltUser, proberId: number): Promise<number> {
  const response = await callAs(server, user, 'POST', '/api/v1/monitors/', {
    protocol_type: 'HTTP',
    url: '93.184.216.34/health',
    period: 300,
    apdex: 0.5,
    probers: [proberId],
  });
  expect(response.statusCode, response.body).toBe(201);
  const { id } = response.json() as { id: number };
  const since = new Date(Date.now() - 3 * DAY_MS).toISOString();
  await server.context.db.execute(sql`
    UPDATE monitor_states SET first_check_at = ${since}::timestamptz, last_check_at = now() WHERE monitor_id = ${id}`);
  return id;
}

/** A page of `user` showing `monitors` as 'Service 0', 'Service 1'…; `extra` overrides the body. */
export async function pageOf(
  server: TestServer,
  user: BuiltUser,
  monitors: number[],
  extra: Record<string, unknown> = {},
): Promise<{ id: number; slug: string }> {
  const response = await callAs(server, user, 'POST', '/api/v1/status_pages/', {
    slug: uniqueSlug(),
    title: 'Acme',
    time_zone: 'UTC',
    sections: [{ title: 'Web', monitors: monitors.map((id, i) => ({ monitor: id, public_name: `Service ${i}` })) }],
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; slug: string };
}

/** A one-off maintenance window of `user` over `monitors`; returns its id. */
export async function onceWindow(
  server: TestServer,
  user: BuiltUser,
  monitors: number[],
  from: number,
  to: number,
  title = 'Database upgrade',
): Promise<number> {
  const response = await callAs(server, user, 'POST', '/api/v1/maintenance_windows', {
    title,
    monitors,
    kind: 'once',
    time_zone: 'UTC',
    starts_at: new Date(from).toISOString(),
    ends_at: new Date(to).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: number }).id;
}
