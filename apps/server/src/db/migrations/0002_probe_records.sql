-- Raw probe records, partitioned by day so retention drops whole partitions.
-- Not in the drizzle schema (drizzle-kit cannot declare partitioned tables): the
-- repository reads and writes it with SQL, and partitions are made by the server.
CREATE TABLE "probe_records" (
  "monitor_id" integer NOT NULL,
  "prober_id" integer NOT NULL,
  "time" timestamp with time zone NOT NULL,
  "time_inserted" timestamp with time zone NOT NULL DEFAULT now(),
  "success" boolean NOT NULL,
  "status_code" smallint,
  "duration_ms" real NOT NULL,
  "resolve_ms" real,
  "connect_ms" real,
  "tls_ms" real,
  "response_ms" real,
  "error" text,
  "extra_info" jsonb,
  PRIMARY KEY ("monitor_id", "time", "prober_id")
) PARTITION BY RANGE ("time");
