import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DemoHeartbeatState } from './demo-heartbeat';

/**
 * Keeps a demo heartbeat's `heartbeat_states` row as the ping service and the lateness sweep would
 * leave it at the end of a written range (demo-heartbeat.ts `heartbeatStateAt`), so its detail's
 * panel shows the last ping, its note and when the next is expected by. The row is the demo's:
 * no ping reaches a demo heartbeat, and the sweep passes demo monitors by (heartbeats.repository).
 */
export async function saveDemoHeartbeatState(
  db: Database,
  monitorId: number,
  state: DemoHeartbeatState,
): Promise<void> {
  const at = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
  await db.execute(sql`
    INSERT INTO heartbeat_states (monitor_id, deadline, started_at, last_ping_at, last_ping_kind, last_ping_note)
    VALUES (${monitorId}, ${at(state.deadline)}::timestamptz, ${at(state.startedAt)}::timestamptz,
      ${at(state.lastPing?.at)}::timestamptz, ${state.lastPing?.kind ?? null}, ${state.lastPing?.note ?? null})
    ON CONFLICT (monitor_id) DO UPDATE SET deadline = excluded.deadline, started_at = excluded.started_at,
      last_ping_at = excluded.last_ping_at, last_ping_kind = excluded.last_ping_kind,
      last_ping_note = excluded.last_ping_note`);
}
