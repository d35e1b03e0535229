import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** One result ready to store: classified (apdex class, bucket) by the service. */
export interface ProbeRecordInput {
  monitorId: number;
  proberId: number;
  /** Epoch milliseconds. */
  time: number;
  success: boolean;
  statusCode: number | null;
  durationMs: number;
  resolveMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  responseMs: number | null;
  error: string | null;
  extraInfo: Record<string, unknown>;
  /** 0 satisfied, 1 tolerating, 2 frustrated. */
  apdexClass: 0 | 1 | 2;
  /** Response-time bucket 0..7. */
  bucket: number;
}

const partitionName = (day: string) => `probe_records_${day.replaceAll('-', '')}`;

/** Days this process has made sure of; a dropped partition is forgotten by dropPartition. */
const knownPartitions = new Set<string>();

/**
 * Runs partition DDL one replica at a time. CREATE TABLE IF NOT EXISTS and DROP TABLE IF EXISTS
 * are not safe against a concurrent twin: two replicas starting together both make today's
 * partition, and one fails with "already exists".
 */
function partitionDdl(db: Database, statement: string): Promise<unknown> {
  return db.transaction(async (transaction) => {
    await transaction.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended('paydar:probe_records partitions', 0))`,
    );
    await transaction.execute(sql.raw(statement));
  });
}

/** Creates the daily partitions that hold these UTC days (yyyy-mm-dd), if missing. */
export async function ensurePartitions(db: Database, days: string[]): Promise<void> {
  for (const day of days) {
    if (knownPartitions.has(day)) continue;
    const from = `${day}T00:00:00Z`;
    const to = new Date(Date.parse(from) + 86_400_000).toISOString();
    await partitionDdl(
      db,
      `CREATE TABLE IF NOT EXISTS "${partitionName(day)}" PARTITION OF probe_records FOR VALUES FROM ('${from}') TO ('${to}')`,
    );
    knownPartitions.add(day);
  }
}

/** The days that have a partition, oldest first. */
export async function listPartitionDays(db: Database): Promise<string[]> {
  const result = await db.execute<{ name: string }>(sql`
    SELECT child.relname AS name FROM pg_inherits
    JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
    JOIN pg_class child ON child.oid = pg_inherits.inhrelid
    WHERE parent.relname = 'probe_records' ORDER BY child.relname`);
  return result.rows.map((row) => row.name.replace(/^probe_records_(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'));
}

export async function dropPartition(db: Database, day: string): Promise<void> {
  knownPartitions.delete(day);
  await partitionDdl(db, `DROP TABLE IF EXISTS "${partitionName(day)}"`);
}

/**
 * The upsert that sums a batch's counts into quarter_rollups rows already there (aliased `r`); shared
 * with every writer of rollups (ingest here, the demo's generated hours), so they add up the same way.
 */
export const ADD_TO_ROLLUP = sql.raw(`ON CONFLICT (monitor_id, quarter, prober_id) DO UPDATE SET
        checks = r.checks + excluded.checks, failures = r.failures + excluded.failures,
        satisfied = r.satisfied + excluded.satisfied, tolerating = r.tolerating + excluded.tolerating,
        frustrated = r.frustrated + excluded.frustrated,
        bucket_0 = r.bucket_0 + excluded.bucket_0, bucket_1 = r.bucket_1 + excluded.bucket_1,
        bucket_2 = r.bucket_2 + excluded.bucket_2, bucket_3 = r.bucket_3 + excluded.bucket_3,
        bucket_4 = r.bucket_4 + excluded.bucket_4, bucket_5 = r.bucket_5 + excluded.bucket_5,
        bucket_6 = r.bucket_6 + excluded.bucket_6, bucket_7 = r.bucket_7 + excluded.bucket_7,
        duration_sum = r.duration_sum + excluded.duration_sum,
        resolve_sum = r.resolve_sum + excluded.resolve_sum, resolve_count = r.resolve_count + excluded.resolve_count,
        connect_sum = r.connect_sum + excluded.connect_sum, connect_count = r.connect_count + excluded.connect_count,
        tls_sum = r.tls_sum + excluded.tls_sum, tls_count = r.tls_count + excluded.tls_count,
        response_sum = r.response_sum + excluded.response_sum, response_count = r.response_count + excluded.response_count`);

/**
 * Stores a batch in one statement: raw records (a repeat of (monitor, time, prober) is skipped,
 * so ingest is idempotent) and, from exactly the rows that were new, the quarter-hour rollups
 * (date_bin from a UTC origin: the session's zone does not move them). Phase
 * sums cover successful checks only, like the buckets: a timeout is not a response time.
 * Returns the positions in `rows` of the records that were new.
 */
export async function insertProbeRecords(db: Database, rows: ProbeRecordInput[]): Promise<number[]> {
  if (!rows.length) return [];
  // One JSON parameter rather than fourteen arrays: V8 writes JSON and PostgreSQL reads it far
  // faster than node-postgres builds and PostgreSQL parses array literals. extra_info is read as
  // `json` and cast: json_to_recordset fills a `jsonb` column of objects twice as slowly.
  const batch = JSON.stringify(
    rows.map((row, index) => ({
      i: index,
      m: row.monitorId,
      p: row.proberId,
      t: row.time,
      s: row.success,
      c: row.statusCode,
      d: row.durationMs,
      rs: row.resolveMs,
      cn: row.connectMs,
      tl: row.tlsMs,
      rp: row.responseMs,
      e: row.error,
      x: Object.keys(row.extraInfo).length ? row.extraInfo : null,
      a: row.apdexClass,
      b: row.bucket,
    })),
  );
  const result = await db.execute<{ fresh: number[] }>(sql`
    WITH input AS (
      SELECT i, m AS monitor_id, p AS prober_id, to_timestamp(t / 1000) AS time, s AS success, c AS status_code, d AS duration_ms,
             rs AS resolve_ms, cn AS connect_ms, tl AS tls_ms, rp AS response_ms, e AS error, x::jsonb AS extra_info,
             a AS apdex_class, b AS bucket
      FROM json_to_recordset(${batch}::json) AS t(i int, m int, p int, t float8, s boolean, c smallint, d real, rs real,
        cn real, tl real, rp real, e text, x json, a smallint, b smallint)
    ),
    inserted AS (
      INSERT INTO probe_records (monitor_id, prober_id, time, success, status_code, duration_ms, resolve_ms,
                                 connect_ms, tls_ms, response_ms, error, extra_info)
      SELECT monitor_id, prober_id, time, success, status_code, duration_ms, resolve_ms, connect_ms, tls_ms,
             response_ms, error, extra_info FROM input
      ON CONFLICT DO NOTHING
      RETURNING monitor_id, prober_id, time
    ),
    fresh AS (
      SELECT input.* FROM input JOIN inserted USING (monitor_id, prober_id, time)
    ),
    rolled AS (
      INSERT INTO quarter_rollups AS r (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated,
        bucket_0, bucket_1, bucket_2, bucket_3, bucket_4, bucket_5, bucket_6, bucket_7,
        duration_sum, resolve_sum, resolve_count, connect_sum, connect_count, tls_sum, tls_count,
        response_sum, response_count)
      SELECT monitor_id, prober_id, date_bin('15 minutes', time, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*), count(*) FILTER (WHERE NOT success),
        count(*) FILTER (WHERE apdex_class = 0), count(*) FILTER (WHERE apdex_class = 1),
        count(*) FILTER (WHERE apdex_class = 2),
        count(*) FILTER (WHERE success AND bucket = 0), count(*) FILTER (WHERE success AND bucket = 1),
        count(*) FILTER (WHERE success AND bucket = 2), count(*) FILTER (WHERE success AND bucket = 3),
        count(*) FILTER (WHERE success AND bucket = 4), count(*) FILTER (WHERE success AND bucket = 5),
        count(*) FILTER (WHERE success AND bucket = 6), count(*) FILTER (WHERE success AND bucket = 7),
        coalesce(sum(duration_ms) FILTER (WHERE success), 0),
        coalesce(sum(resolve_ms) FILTER (WHERE success), 0), count(resolve_ms) FILTER (WHERE success),
        coalesce(sum(connect_ms) FILTER (WHERE success), 0), count(connect_ms) FILTER (WHERE success),
        coalesce(sum(tls_ms) FILTER (WHERE success), 0), count(tls_ms) FILTER (WHERE success),
        coalesce(sum(response_ms) FILTER (WHERE success), 0), count(response_ms) FILTER (WHERE success)
      FROM fresh GROUP BY monitor_id, prober_id, date_bin('15 minutes', time, TIMESTAMPTZ '2000-01-01 00:00:00+00')
      ${ADD_TO_ROLLUP}
      RETURNING 1
    )
    SELECT coalesce(json_agg(i), '[]') AS fresh FROM fresh`);
  return result.rows[0]?.fresh ?? [];
}
