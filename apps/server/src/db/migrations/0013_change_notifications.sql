-- Announces, on commit, which rows that in-process caches keep have changed (db/change-feed.ts):
-- one NOTIFY per statement, on every replica, whichever code path (or operator) wrote the rows.
-- Payload '<kind>:<ids>' (ids comma-separated, '*' when they would not fit a NOTIFY's 8000 bytes):
--   user     sessions and users, by user id (session-cache.ts)
--   monitor  monitors and monitor_states, by monitor id (metric-subject-cache.ts)
--   owner    subscriptions, by user id: the plan history of the owner's monitors
--   plan     plans: every cached subject
CREATE FUNCTION paydar_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  EXECUTE format('SELECT string_agg(DISTINCT %I::text, '','') FROM changed', TG_ARGV[1]) INTO ids;
  IF ids IS NOT NULL THEN
    IF length(ids) > 7000 THEN
      ids := '*';
    END IF;
    PERFORM pg_notify('paydar_changes', TG_ARGV[0] || ':' || ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('user', 'user_id');
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('user', 'id');
--> statement-breakpoint
CREATE TRIGGER monitors_announce_update AFTER UPDATE ON monitors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('monitor', 'id');
--> statement-breakpoint
CREATE TRIGGER monitors_announce_delete AFTER DELETE ON monitors REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('monitor', 'id');
--> statement-breakpoint
CREATE TRIGGER monitor_states_announce_insert AFTER INSERT ON monitor_states REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('monitor', 'monitor_id');
--> statement-breakpoint
-- Ingest rewrites thousands of state rows a second and announces them itself, in one NOTIFY per
-- batch, after setting paydar.states_announced for its transaction (monitor-state.repository.ts):
-- a per-statement transition table of whole state rows cost a fifth of ingest's throughput. Any
-- other update of a state row (a pause, a confirmation sweep, an operator's SQL) announces its rows.
CREATE FUNCTION paydar_announce_state_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paydar_changes', 'monitor:' || NEW.monitor_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monitor_states_announce_update AFTER UPDATE ON monitor_states FOR EACH ROW
  WHEN (current_setting('paydar.states_announced', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION paydar_announce_state_row();
--> statement-breakpoint
CREATE TRIGGER monitor_states_announce_delete AFTER DELETE ON monitor_states REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('monitor', 'monitor_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_announce_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('owner', 'user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_announce_update AFTER UPDATE ON subscriptions REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('owner', 'user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_announce_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('owner', 'user_id');
--> statement-breakpoint
CREATE TRIGGER plans_announce_update AFTER UPDATE ON plans REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('plan', 'id');
--> statement-breakpoint
CREATE TRIGGER plans_announce_delete AFTER DELETE ON plans REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('plan', 'id');
