import type { MonitorEventKind } from '@paydar/contracts/alert-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AlertFacts } from '../../db/schema/notifications';

/**
 * The demo's downtimes, monitor events and notification history. Events are written already
 * processed and notifications already `sent`: no dispatch, delivery job or sweep ever picks them
 * up, so nothing is sent for a demo event — the history is generated, not delivered.
 */

export interface StoredEvent {
  id: number;
  monitorId: number;
  kind: MonitorEventKind;
  at: number;
  reason: string | null;
  downtime: { from: number; to: number | null } | null;
}

type EventRow = {
  id: number;
  monitor_id: number;
  kind: MonitorEventKind;
  at: number;
  reason: string | null;
  from_ms: number | null;
  to_ms: number | null;
};

const toEvent = (row: EventRow): StoredEvent => ({
  id: row.id,
  monitorId: row.monitor_id,
  kind: row.kind,
  at: row.at,
  reason: row.reason,
  downtime: row.from_ms === null ? null : { from: row.from_ms, to: row.to_ms },
});

/** Inserts downtimes (open when `to` is null) with their down and, when closed, up events. */
export async function insertDowntimes(
  db: Database,
  rows: ReadonlyArray<{ monitorId: number; from: number; to: number | null; reason: string }>,
): Promise<StoredEvent[]> {
  if (!rows.length) return [];
  const batch = JSON.stringify(rows.map((row) => ({ m: row.monitorId, f: row.from, u: row.to, r: row.reason })));
  const result = await db.execute<EventRow>(sql`
    WITH input AS (SELECT * FROM json_to_recordset(${batch}::json) AS t(m int, f float8, u float8, r text)),
    opened AS (
      INSERT INTO downtimes (monitor_id, from_time, to_time, ended_by)
      SELECT m, to_timestamp(f / 1000), to_timestamp(u / 1000), CASE WHEN u IS NULL THEN NULL ELSE 'recovery' END
      FROM input ORDER BY f
      RETURNING id, monitor_id, from_time, to_time
    ),
    events AS (
      INSERT INTO monitor_events (monitor_id, kind, at, reason, downtime_id, processed_at)
      SELECT opened.monitor_id, 'down', opened.from_time, input.r, opened.id, now()
      FROM opened JOIN input ON input.m = opened.monitor_id AND to_timestamp(input.f / 1000) = opened.from_time
      UNION ALL
      SELECT monitor_id, 'up', to_time, NULL, id, now() FROM opened WHERE to_time IS NOT NULL
      RETURNING id, monitor_id, kind, at, reason, downtime_id
    )
    SELECT events.id, events.monitor_id, events.kind, (extract(epoch FROM events.at) * 1000)::float8 AS at, events.reason,
      (extract(epoch FROM opened.from_time) * 1000)::float8 AS from_ms, (extract(epoch FROM opened.to_time) * 1000)::float8 AS to_ms
    FROM events JOIN opened ON opened.id = events.downtime_id ORDER BY events.at, events.id`);
  return result.rows.map(toEvent);
}

/** Ends the monitor's open downtime at `at` with its up event; none when nothing was open. */
export async function closeOpenDowntime(db: Database, monitorId: number, at: number): Promise<StoredEvent[]> {
  const result = await db.execute<EventRow>(sql`
    WITH closed AS (
      UPDATE downtimes SET to_time = to_timestamp(${at}::float8 / 1000), ended_by = 'recovery'
      WHERE monitor_id = ${monitorId} AND to_time IS NULL RETURNING id, from_time, to_time
    ),
    events AS (
      INSERT INTO monitor_events (monitor_id, kind, at, downtime_id, processed_at)
      SELECT ${monitorId}, 'up', to_time, id, now() FROM closed
      RETURNING id, monitor_id, kind, at, reason, downtime_id
    )
    SELECT events.id, events.monitor_id, events.kind, (extract(epoch FROM events.at) * 1000)::float8 AS at, events.reason,
      (extract(epoch FROM closed.from_time) * 1000)::float8 AS from_ms, (extract(epoch FROM closed.to_time) * 1000)::float8 AS to_ms
    FROM events JOIN closed ON closed.id = events.downtime_id`);
  return result.rows.map(toEvent);
}

/** Events with no downtime of their own (flapping, slow, slow_recovered), as the alert rules and ingest write them. */
export async function insertEvents(
  db: Database,
  rows: ReadonlyArray<{
    monitorId: number;
    kind: MonitorEventKind;
    at: number;
    reason: string;
    origin: 'ingest' | 'rules';
  }>,
): Promise<StoredEvent[]> {
  if (!rows.length) return [];
  const batch = JSON.stringify(
    rows.map((row) => ({ m: row.monitorId, k: row.kind, a: row.at, r: row.reason, o: row.origin })),
  );
  const result = await db.execute<EventRow>(sql`
    INSERT INTO monitor_events (monitor_id, kind, at, reason, origin, processed_at)
    SELECT m, k, to_timestamp(a / 1000), r, o, now()
    FROM json_to_recordset(${batch}::json) AS t(m int, k text, a float8, r text, o text) ORDER BY a
    RETURNING id, monitor_id, kind, (extract(epoch FROM at) * 1000)::float8 AS at, reason, NULL::float8 AS from_ms, NULL::float8 AS to_ms`);
  return result.rows.map(toEvent);
}

export interface DemoNotification {
  userId: number;
  monitorId: number;
  monitorUrl: string | null;
  monitorHost: string | null;
  eventId: number;
  notificationType: 'email' | 'telegram';
  recipient: string;
  facts: AlertFacts;
  /** When it was sent, as if delivered a few seconds after the event. */
  at: number;
}

/** History rows, already sent; a repeat of (event, type, recipient) is skipped. */
export async function insertNotifications(db: Database, rows: readonly DemoNotification[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 2_000) {
    const batch = JSON.stringify(rows.slice(start, start + 2_000));
    await db.execute(sql`
      INSERT INTO notifications (user_id, monitor_id, monitor_url, monitor_host, event_id, notification_type, recipient,
        state, is_sent, public_message, attempts, facts, next_attempt_at, created_at, sent_at)
      SELECT "userId", "monitorId", "monitorUrl", "monitorHost", "eventId", "notificationType", recipient,
        'sent', true, 'Sent', 1, facts, to_timestamp(at / 1000), to_timestamp(at / 1000), to_timestamp(at / 1000)
      FROM json_to_recordset(${batch}::json) AS t("userId" int, "monitorId" int, "monitorUrl" text, "monitorHost" text,
        "eventId" int, "notificationType" text, recipient text, facts jsonb, at float8)
      ON CONFLICT DO NOTHING`);
  }
}
