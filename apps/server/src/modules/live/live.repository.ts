import type { LiveMonitor, LiveMonitorItem } from '@paydar/contracts/live';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** A monitor's live state with who may see it: its owner, and a share token's holders. */
export interface LiveRow {
  /** What any stream of it may carry (a shared page's too). */
  state: LiveMonitor;
  /** What only its owner's streams carry. */
  item: LiveMonitorItem;
  /** Why the open downtime began (an assertion's words may quote a secret header): the owner's only. */
  downtimeReason: string | null;
  userId: number;
  token: string;
  changeSeq: number;
}

const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

function toLiveRow(row: Record<string, unknown>): LiveRow {
  return {
    state: {
      id: row.id as number,
      is_enabled: row.is_enabled as boolean,
      is_down: (row.is_down as boolean | null) ?? false,
      confirming: row.confirming as boolean,
      last_check_at: iso(row.last_check_at ?? null),
      last_status_code: (row.last_status_code as number | null) ?? null,
      last_status: (row.last_status as string | null) ?? null,
      is_flapping: row.is_flapping as boolean,
      is_slow: row.is_slow as boolean,
      downtime_from: iso(row.downtime_from ?? null),
      in_maintenance_until: iso(row.in_maintenance_until ?? null),
    },
    item: {
      protocol_type: row.protocol_type as LiveMonitorItem['protocol_type'],
      url: row.protocol_type === 'HTTP' ? ((row.url as string | null) ?? null) : null,
      host: row.protocol_type === 'HTTP' ? null : ((row.host as string | null) ?? null),
      alias: (row.alias as string | null) ?? null,
      labels: (row.labels as string[] | null) ?? [],
      is_protected: row.is_protected as boolean,
      creation_time: iso(row.created_at) as string,
      edited_at: iso(row.updated_at) as string,
    },
    downtimeReason: (row.downtime_reason as string | null) ?? null,
    userId: row.user_id as number,
    token: row.token as string,
    changeSeq: Number(row.change_seq ?? 0),
  };
}

/** The owner's stream's form of a row: the state with the list item's fields. */
export const ownerView = (row: LiveRow) => ({ ...row.state, downtime_reason: row.downtimeReason, item: row.item });

/**
 * One query, whatever the number of monitors: the state row, slow and flapping flags, the open
 * downtime, the maintenance span covering `now`.
 */
async function selectLive(db: Database, where: SQL, now: Date): Promise<LiveRow[]> {
  const at = now.toISOString();
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT m.id, m.user_id, m.token, m.is_enabled, s.is_down,
      m.protocol_type, m.url, m.host, m.alias, m.labels, m.is_protected, m.created_at, m.updated_at,
      (SELECT max(sp.ends_at) FROM maintenance_spans sp
        WHERE sp.monitor_id = m.id AND sp.starts_at <= ${at}::timestamptz AND sp.ends_at > ${at}::timestamptz)
        AS in_maintenance_until, s.confirming_since IS NOT NULL AS confirming,
      s.last_check_at, s.last_status_code, s.last_status, s.change_seq::text AS change_seq,
      coalesce(a.is_flapping, false) AS is_flapping,
      (m.slow_alert IS NOT NULL AND coalesce(ss.is_slow, false)) AS is_slow,
      d.from_time AS downtime_from, d.reason AS downtime_reason
    FROM monitors m
    LEFT JOIN monitor_states s ON s.monitor_id = m.id
    LEFT JOIN monitor_slow_states ss ON ss.monitor_id = m.id
    LEFT JOIN monitor_alert_states a ON a.monitor_id = m.id
    LEFT JOIN LATERAL (SELECT od.from_time, od.reason FROM downtimes od
      WHERE od.monitor_id = m.id AND od.to_time IS NULL LIMIT 1) d ON true
    WHERE ${where}`);
  return result.rows.map(toLiveRow);
}

/** Who the streams of this replica are for: their users, and the monitors shared streams show. */
export interface Audience {
  userIds: number[];
  sharedMonitorIds: number[];
}

const inAudience = (audience: Audience) =>
  sql`(m.user_id = ANY(${sql.param(audience.userIds)}::int[]) OR m.id = ANY(${sql.param(audience.sharedMonitorIds)}::int[]))`;

/** The live state of these monitors (or of all) that some stream of this replica shows; others are not read. */
export function readChangedLive(
  db: Database,
  monitorIds: number[] | 'all',
  audience: Audience,
  now: Date,
): Promise<LiveRow[]> {
  const changed = monitorIds === 'all' ? sql`true` : sql`m.id = ANY(${sql.param(monitorIds)}::int[])`;
  return selectLive(db, sql`${changed} AND ${inAudience(audience)}`, now);
}

/** Every monitor of a user, as the stream's `ready` tells it and a resume replays it. */
export function readUserLive(db: Database, userId: number, now: Date): Promise<LiveRow[]> {
  return selectLive(db, sql`m.user_id = ${userId}`, now);
}

/** The monitor a share token names (only the exact token), or none. */
export async function readSharedLive(db: Database, token: string, now: Date): Promise<LiveRow | undefined> {
  return (await selectLive(db, sql`m.token = ${token}`, now))[0];
}

/** The latest change stamp handed out: the position a new stream starts from. */
export async function latestChangeSeq(db: Database): Promise<number> {
  const result = await db.execute<{ seq: string | null }>(
    sql`SELECT (CASE WHEN is_called THEN last_value ELSE 0 END)::text AS seq FROM monitor_change_seq`,
  );
  return Number(result.rows[0]?.seq ?? 0);
}
