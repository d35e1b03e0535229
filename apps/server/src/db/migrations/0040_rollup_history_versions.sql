-- Issue 26: a metric after a check read 90 days × 96 quarters × 3 probers again, though only the
-- reader's today (and, at most, yesterday) can have changed. The days before the reader's yesterday
-- are kept in memory under this per-monitor counter (modules/metrics/past-days-apdex.ts), which
-- moves whenever a statement writes a quarter more than 22 hours before the database's clock.
-- Every day before a reader's yesterday ended 23 hours or more ago (a day lasts 23–25 hours), so a
-- result for one moves the counter, whichever zone is reading, and whoever writes (ingest, the
-- heartbeats, the demo's seed, an operator); an ordinary check, of the current quarter, does not.
-- The margin of an hour covers a writing transaction's length and the two clocks' disagreement.
-- Retention's deletes are of rows older than any history a plan shows, so they move nothing.
CREATE TABLE "rollup_history_versions" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION paydar_count_late_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In monitor order, so two batches moving the same monitors' counters wait for each other, never deadlock.
  INSERT INTO rollup_history_versions AS v (monitor_id, version)
  SELECT DISTINCT monitor_id, 1 FROM written WHERE quarter < now() - interval '22 hours' ORDER BY monitor_id
  ON CONFLICT (monitor_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An upsert fires both: its new rows reach the INSERT trigger, the rows it added to the UPDATE one.
CREATE TRIGGER quarter_rollups_count_late_insert AFTER INSERT ON quarter_rollups REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_count_late_rollups();
--> statement-breakpoint
CREATE TRIGGER quarter_rollups_count_late_update AFTER UPDATE ON quarter_rollups REFERENCING NEW TABLE AS written
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_count_late_rollups();
