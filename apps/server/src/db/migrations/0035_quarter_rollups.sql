CREATE TABLE "quarter_rollups" (
	"monitor_id" integer NOT NULL,
	"prober_id" integer NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"satisfied" integer DEFAULT 0 NOT NULL,
	"tolerating" integer DEFAULT 0 NOT NULL,
	"frustrated" integer DEFAULT 0 NOT NULL,
	"bucket_0" integer DEFAULT 0 NOT NULL,
	"bucket_1" integer DEFAULT 0 NOT NULL,
	"bucket_2" integer DEFAULT 0 NOT NULL,
	"bucket_3" integer DEFAULT 0 NOT NULL,
	"bucket_4" integer DEFAULT 0 NOT NULL,
	"bucket_5" integer DEFAULT 0 NOT NULL,
	"bucket_6" integer DEFAULT 0 NOT NULL,
	"bucket_7" integer DEFAULT 0 NOT NULL,
	"duration_sum" real DEFAULT 0 NOT NULL,
	"resolve_sum" real DEFAULT 0 NOT NULL,
	"resolve_count" integer DEFAULT 0 NOT NULL,
	"connect_sum" real DEFAULT 0 NOT NULL,
	"connect_count" integer DEFAULT 0 NOT NULL,
	"tls_sum" real DEFAULT 0 NOT NULL,
	"tls_count" integer DEFAULT 0 NOT NULL,
	"response_sum" real DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quarter_rollups_monitor_id_quarter_prober_id_pk" PRIMARY KEY("monitor_id","quarter","prober_id")
);--> statement-breakpoint
-- Issue 26: rollups move from UTC hours to UTC quarter hours, on which every real zone's midnight
-- falls (+03:30 Tehran, +05:30 India, +05:45 Nepal), so a local day is a whole number of rows.
-- An hour whose raw probe_records are still kept is rebuilt as its exact quarters from them — when
-- they account for the hour's row exactly (its checks, failures, apdex classes, buckets and phase
-- counts; the apdex class is the ingest rule with the monitor's T). Any other hour (its raw records
-- dropped by retention, or counted under a T changed since) goes whole into its first quarter, so
-- nothing is lost: such a row keeps counting where it did before, in the day its UTC hour began.
INSERT INTO "quarter_rollups" (monitor_id, prober_id, quarter, checks, failures, satisfied, tolerating, frustrated, bucket_0, bucket_1, bucket_2, bucket_3, bucket_4, bucket_5, bucket_6, bucket_7, duration_sum, resolve_sum, resolve_count, connect_sum, connect_count, tls_sum, tls_count, response_sum, response_count)
WITH raw AS (
  SELECT pr.monitor_id, pr.prober_id, date_bin('1 hour', pr.time, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS hour,
    date_bin('15 minutes', pr.time, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS quarter,
    count(*) AS checks, count(*) FILTER (WHERE NOT pr.success) AS failures,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms < m.apdex_ms) AS satisfied,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms >= m.apdex_ms AND pr.duration_ms <= 4 * m.apdex_ms) AS tolerating,
    count(*) FILTER (WHERE NOT pr.success OR NOT (pr.duration_ms <= 4 * m.apdex_ms)) AS frustrated,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms <= 125) AS bucket_0,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 125 AND pr.duration_ms <= 250) AS bucket_1,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 250 AND pr.duration_ms <= 500) AS bucket_2,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 500 AND pr.duration_ms <= 1000) AS bucket_3,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 1000 AND pr.duration_ms <= 2000) AS bucket_4,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 2000 AND pr.duration_ms <= 4000) AS bucket_5,
    count(*) FILTER (WHERE pr.success AND pr.duration_ms > 4000 AND pr.duration_ms <= 8000) AS bucket_6,
    count(*) FILTER (WHERE pr.success AND NOT (pr.duration_ms <= 8000)) AS bucket_7,
    coalesce(sum(pr.duration_ms) FILTER (WHERE pr.success), 0) AS duration_sum,
    coalesce(sum(pr.resolve_ms) FILTER (WHERE pr.success), 0) AS resolve_sum, count(pr.resolve_ms) FILTER (WHERE pr.success) AS resolve_count,
    coalesce(sum(pr.connect_ms) FILTER (WHERE pr.success), 0) AS connect_sum, count(pr.connect_ms) FILTER (WHERE pr.success) AS connect_count,
    coalesce(sum(pr.tls_ms) FILTER (WHERE pr.success), 0) AS tls_sum, count(pr.tls_ms) FILTER (WHERE pr.success) AS tls_count,
    coalesce(sum(pr.response_ms) FILTER (WHERE pr.success), 0) AS response_sum, count(pr.response_ms) FILTER (WHERE pr.success) AS response_count
  FROM probe_records pr JOIN monitors m ON m.id = pr.monitor_id
  GROUP BY pr.monitor_id, pr.prober_id, 3, 4
),
raw_hours AS (
  SELECT monitor_id, prober_id, hour,
    sum(checks)::int AS checks,
    sum(failures)::int AS failures,
    sum(satisfied)::int AS satisfied,
    sum(tolerating)::int AS tolerating,
    sum(frustrated)::int AS frustrated,
    sum(bucket_0)::int AS bucket_0,
    sum(bucket_1)::int AS bucket_1,
    sum(bucket_2)::int AS bucket_2,
    sum(bucket_3)::int AS bucket_3,
    sum(bucket_4)::int AS bucket_4,
    sum(bucket_5)::int AS bucket_5,
    sum(bucket_6)::int AS bucket_6,
    sum(bucket_7)::int AS bucket_7,
    sum(resolve_count)::int AS resolve_count,
    sum(connect_count)::int AS connect_count,
    sum(tls_count)::int AS tls_count,
    sum(response_count)::int AS response_count
  FROM raw GROUP BY monitor_id, prober_id, hour
),
exact AS (
  SELECT h.monitor_id, h.prober_id, h.hour FROM hourly_rollups h
  JOIN raw_hours q ON q.monitor_id = h.monitor_id AND q.prober_id = h.prober_id AND q.hour = h.hour
  WHERE h.checks = q.checks AND h.failures = q.failures AND h.satisfied = q.satisfied AND h.tolerating = q.tolerating AND h.frustrated = q.frustrated AND h.bucket_0 = q.bucket_0 AND h.bucket_1 = q.bucket_1 AND h.bucket_2 = q.bucket_2 AND h.bucket_3 = q.bucket_3 AND h.bucket_4 = q.bucket_4 AND h.bucket_5 = q.bucket_5 AND h.bucket_6 = q.bucket_6 AND h.bucket_7 = q.bucket_7 AND h.resolve_count = q.resolve_count AND h.connect_count = q.connect_count AND h.tls_count = q.tls_count AND h.response_count = q.response_count
)
SELECT raw.monitor_id, raw.prober_id, raw.quarter, raw.checks, raw.failures, raw.satisfied, raw.tolerating, raw.frustrated, raw.bucket_0, raw.bucket_1, raw.bucket_2, raw.bucket_3, raw.bucket_4, raw.bucket_5, raw.bucket_6, raw.bucket_7, raw.duration_sum, raw.resolve_sum, raw.resolve_count, raw.connect_sum, raw.connect_count, raw.tls_sum, raw.tls_count, raw.response_sum, raw.response_count
FROM raw JOIN exact USING (monitor_id, prober_id, hour)
UNION ALL
SELECT h.monitor_id, h.prober_id, h.hour, h.checks, h.failures, h.satisfied, h.tolerating, h.frustrated, h.bucket_0, h.bucket_1, h.bucket_2, h.bucket_3, h.bucket_4, h.bucket_5, h.bucket_6, h.bucket_7, h.duration_sum, h.resolve_sum, h.resolve_count, h.connect_sum, h.connect_count, h.tls_sum, h.tls_count, h.response_sum, h.response_count
FROM hourly_rollups h
WHERE NOT EXISTS (
  SELECT 1 FROM exact e WHERE e.monitor_id = h.monitor_id AND e.prober_id = h.prober_id AND e.hour = h.hour
);
