import { sql } from 'drizzle-orm';
import { type BuiltUser, callAs } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';

/** What the heartbeat tests share: a heartbeat made through the API, its pings, and what it left in the database. */

export const heartbeatBody = (overrides: Record<string, unknown> = {}) => ({
  protocol_type: 'HEARTBEAT',
  alias: 'Nightly backup',
  period: 60,
  grace: 30,
  apdex: 0.5,
  ...overrides,
});

/** Creates a heartbeat as `user`; returns its id and secret token (from the ping URL shown once). */
export async function createHeartbeat(server: TestServer, user: BuiltUser, overrides: Record<string, unknown> = {}) {
  const response = await callAs(server, user, 'POST', '/api/v1/monitors/', heartbeatBody(overrides));
  if (response.statusCode !== 201) throw new Error(`heartbeat not created: ${response.body}`);
  const body = response.json();
  const token = String(body.ping_url).split('/ping/')[1] ?? '';
  return { id: body.id as number, token, body };
}

export const ping = (
  server: { app: TestServer['app'] },
  token: string,
  suffix = '',
  options: { method?: 'GET' | 'POST' | 'HEAD'; body?: string | Buffer; contentType?: string } = {},
) =>
  server.app.inject({
    method: options.method ?? 'GET',
    url: `/ping/${token}${suffix}`,
    ...(options.body === undefined
      ? {}
      : { payload: options.body, headers: { 'content-type': options.contentType ?? 'text/plain' } }),
  });

export async function stateOf(server: TestServer, monitorId: number) {
  const result = await server.context.db.execute<{ is_down: boolean; last_status: string | null }>(
    sql`SELECT is_down, last_status FROM monitor_states WHERE monitor_id = ${monitorId}`,
  );
  return result.rows[0] ?? null;
}

export async function downtimesOf(server: TestServer, monitorId: number) {
  const result = await server.context.db.execute<{ from_ms: number; to_ms: number | null }>(sql`
    SELECT (extract(epoch FROM from_time) * 1000)::float8 AS from_ms, (extract(epoch FROM to_time) * 1000)::float8 AS to_ms
    FROM downtimes WHERE monitor_id = ${monitorId} ORDER BY id`);
  return result.rows;
}

export async function eventsOf(server: TestServer, monitorId: number) {
  const result = await server.context.db.execute<{ kind: string; reason: string | null }>(sql`
    SELECT kind, reason FROM monitor_events WHERE monitor_id = ${monitorId} AND origin = 'ingest' ORDER BY id`);
  return result.rows;
}

export async function recordsOf(server: TestServer, monitorId: number) {
  const result = await server.context.db.execute<{
    prober_id: number;
    success: boolean;
    duration_ms: number;
    error: string | null;
  }>(
    sql`SELECT prober_id, success, duration_ms, error FROM probe_records WHERE monitor_id = ${monitorId} ORDER BY time`,
  );
  return result.rows;
}
