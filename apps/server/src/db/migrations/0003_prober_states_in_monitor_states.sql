-- Each prober's latest verdict moves into its monitor's state row: ingest locks, reads and writes
-- one row per monitor instead of two tables. Existing verdicts are carried over (times in epoch ms).
ALTER TABLE "monitor_states" ADD COLUMN "prober_states" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "monitor_states" s SET "prober_states" = v.states
FROM (
  SELECT monitor_id, jsonb_agg(jsonb_build_object(
    'proberId', prober_id,
    'lastTime', (extract(epoch FROM last_time) * 1000)::float8,
    'lastSuccess', last_success,
    'consecutiveFailures', consecutive_failures,
    'failingSince', (extract(epoch FROM failing_since) * 1000)::float8
  ) ORDER BY prober_id) AS states
  FROM "prober_monitor_states" GROUP BY monitor_id
) v WHERE v.monitor_id = s.monitor_id;--> statement-breakpoint
DROP TABLE "prober_monitor_states" CASCADE;
--> statement-breakpoint
-- Every batch rewrites its monitors' state rows: room left on each page lets PostgreSQL update
-- them in place (HOT) instead of moving each row and adding an index entry.
ALTER TABLE "monitor_states" SET (fillfactor = 50);
