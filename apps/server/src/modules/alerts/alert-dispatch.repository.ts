import { type AlertChannels, completeAlertChannels } from '@paydar/contracts/accounts';
import type { MonitorEventKind } from '@paydar/contracts/alert-events';
import { RECOVERY_CHANNEL_KINDS } from '@paydar/contracts/alert-rules';
import type { Calendar } from '@paydar/contracts/calendars';
import type { CertificateWarningFacts } from '@paydar/contracts/certificate';
import type { NotificationType } from '@paydar/contracts/notifications';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AlertChannelRef } from '../../db/schema/monitors';
import type { AlertFacts } from '../../db/schema/notifications';
import type { PlanDescription } from '../../db/schema/plans';

/** A monitor event not yet turned into notifications. */
export interface PendingEvent {
  id: number;
  monitorId: number;
  kind: MonitorEventKind;
  at: Date;
  /** The producer's reason, when it gave one (down/up take theirs from the monitor's last check). */
  reason: string | null;
  downtimeId: number | null;
  /** 'ingest' for what ingest wrote (down/up go through the alert rules), 'rules' for what those decided to tell. */
  origin: 'ingest' | 'rules';
  /** A `certificate_expiry` event's certificate facts; null for every other kind. */
  certificate: CertificateWarningFacts | null;
}

/**
 * Takes up to `limit` undispatched events, oldest first, locked for this transaction; events
 * another dispatcher holds are skipped, so two dispatchers never work on the same event.
 */
export async function lockPendingEvents(db: Database, limit: number): Promise<PendingEvent[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT id, monitor_id, kind, at, reason, downtime_id, origin, certificate FROM monitor_events
    WHERE processed_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`);
  return result.rows.map((row) => ({
    id: row.id as number,
    monitorId: row.monitor_id as number,
    kind: row.kind as MonitorEventKind,
    at: new Date(row.at as string),
    reason: row.reason as string | null,
    downtimeId: row.downtime_id as number | null,
    origin: row.origin as 'ingest' | 'rules',
    certificate: (row.certificate as CertificateWarningFacts | null) ?? null,
  }));
}

/** What deciding an event's notifications needs: the monitor, its owner's channels and plan, the downtime. */
export interface EventContext {
  userId: number;
  monitor: {
    protocolType: string;
    url: string | null;
    host: string | null;
    alias: string | null;
    alert: AlertChannelRef[];
    /** False while paused: a paused monitor alerts nothing, whatever was queued before. */
    isEnabled: boolean;
    /** The channel kinds a recovery goes to (alert rules, issue 14). */
    recoveryChannels: string[];
  };
  channels: AlertChannels;
  /** The owner's IANA time zone: messages give times in it. */
  timeZone: string;
  /** The owner's calendar: messages give dates in it. */
  calendar: Calendar;
  /** Null when the owner has no active subscription. */
  planDescription: PlanDescription | null;
  lastStatusCode: number | null;
  lastStatus: string | null;
  /** `endedBy` 'pause' or 'maintenance': a pause or a window ended it, so its down event is not alerted. */
  downtime: { fromTime: Date; toTime: Date | null; endedBy: 'recovery' | 'pause' | 'maintenance' | null } | null;
}

export async function loadEventContext(db: Database, event: PendingEvent): Promise<EventContext | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.user_id, m.protocol_type, m.url, m.host, m.alias, m.alert, m.is_enabled,
      m.alert_rules->'recovery_channels' AS recovery_channels, u.alert_channels, u.time_zone, u.calendar, p.description,
      s.last_status_code, s.last_status, d.from_time, d.to_time, d.ended_by
    FROM monitors m
    JOIN users u ON u.id = m.user_id
    LEFT JOIN monitor_states s ON s.monitor_id = m.id
    LEFT JOIN subscriptions sub ON sub.user_id = m.user_id AND sub.is_active
    LEFT JOIN plans p ON p.id = sub.plan_id
    LEFT JOIN downtimes d ON d.id = ${event.downtimeId}
    WHERE m.id = ${event.monitorId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    userId: row.user_id as number,
    monitor: {
      protocolType: row.protocol_type as string,
      url: row.url as string | null,
      host: row.host as string | null,
      alias: row.alias as string | null,
      alert: row.alert as AlertChannelRef[],
      isEnabled: row.is_enabled as boolean,
      recoveryChannels: (row.recovery_channels as string[] | null) ?? [...RECOVERY_CHANNEL_KINDS],
    },
    channels: completeAlertChannels(row.alert_channels as Partial<AlertChannels>),
    timeZone: row.time_zone as string,
    calendar: row.calendar as Calendar,
    planDescription: row.description as PlanDescription | null,
    lastStatusCode: row.last_status_code as number | null,
    lastStatus: row.last_status as string | null,
    downtime: row.from_time
      ? {
          fromTime: new Date(row.from_time as string),
          toTime: row.to_time ? new Date(row.to_time as string) : null,
          endedBy: row.ended_by as 'recovery' | 'pause' | 'maintenance' | null,
        }
      : null,
  };
}

/** Notifications this month (UTC) that count against the plan: all but the ones that failed. */
export async function countNotificationsThisMonth(db: Database, userId: number, now: Date): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const result = await db.execute<{ count: string }>(sql`
    SELECT count(*) AS count FROM notifications
    WHERE user_id = ${userId} AND created_at >= ${monthStart.toISOString()}::timestamptz AND state <> 'failed'`);
  return Number(result.rows[0]?.count ?? 0);
}

export interface NewNotification {
  notificationType: NotificationType;
  recipient: string;
  /** 'pending' to deliver; 'failed' when it is refused at once (the plan's allowance is used up). */
  state: 'pending' | 'failed';
  publicMessage: string;
}

/**
 * Writes the event's notifications; one already written for the same (event, type, recipient)
 * is kept as it is. Returns the ids of the rows this call wrote that wait for delivery.
 */
export async function insertNotifications(
  db: Database,
  input: { userId: number; monitorId: number; eventId: number; facts: AlertFacts; now: Date; rows: NewNotification[] },
): Promise<number[]> {
  if (!input.rows.length) return [];
  const rows = JSON.stringify(
    input.rows.map((row) => ({ t: row.notificationType, r: row.recipient, s: row.state, p: row.publicMessage })),
  );
  const now = input.now.toISOString();
  const result = await db.execute<{ id: number; state: string }>(sql`
    INSERT INTO notifications (user_id, monitor_id, monitor_url, monitor_host, event_id, notification_type,
      recipient, state, public_message, facts, created_at, next_attempt_at)
    SELECT ${input.userId}, ${input.monitorId}, ${input.facts.monitor.url}, ${input.facts.monitor.host}, ${input.eventId},
      r.t, r.r, r.s, r.p, ${JSON.stringify(input.facts)}::jsonb, ${now}::timestamptz, ${now}::timestamptz
    FROM json_to_recordset(${rows}::json) AS r(t text, r text, s text, p text)
    ON CONFLICT (event_id, notification_type, recipient) DO NOTHING
    RETURNING id, state`);
  return result.rows.filter((row) => row.state === 'pending').map((row) => row.id);
}

export async function markEventsDispatched(db: Database, eventIds: number[], now: Date): Promise<void> {
  if (!eventIds.length) return;
  await db.execute(sql`UPDATE monitor_events SET processed_at = ${now.toISOString()}::timestamptz
    WHERE id = ANY(${sql.param(eventIds)}::int[])`);
}

/** Dispatched events older than this are deleted: their notifications and the downtimes keep the history. */
export async function pruneDispatchedEvents(db: Database, before: Date): Promise<number> {
  const result = await db.execute(
    sql`DELETE FROM monitor_events WHERE processed_at < ${before.toISOString()}::timestamptz`,
  );
  return result.rowCount ?? 0;
}
