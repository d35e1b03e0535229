CREATE SEQUENCE "public"."monitor_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "monitor_states" ADD COLUMN "change_seq" bigint DEFAULT nextval('monitor_change_seq') NOT NULL;--> statement-breakpoint
-- ==== live (issue 15), custom SQL: keep this block together ====
-- Stamps a monitor's live state whenever it changes, so a browser that reconnects gets what it
-- missed (modules/live). Ingest stamps its batch's rows itself, with one value, after setting
-- paydar.states_announced (monitor-state.repository.ts); any other write of a state row (a pause,
-- a confirmation sweep, an operator's SQL) is stamped here.
CREATE FUNCTION paydar_stamp_state_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('monitor_change_seq');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monitor_states_stamp_update BEFORE UPDATE ON monitor_states FOR EACH ROW
  WHEN (current_setting('paydar.states_announced', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION paydar_stamp_state_row();
--> statement-breakpoint
-- What the live view shows from other tables: the monitor itself (paused, renamed, its groups) and
-- whether it flaps. A change there restamps the state row, whose own trigger announces it.
CREATE FUNCTION paydar_restamp_monitor_states() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE monitor_states SET change_seq = nextval('monitor_change_seq')
    WHERE monitor_id IN (SELECT id FROM changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monitors_restamp_states AFTER UPDATE ON monitors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_restamp_monitor_states();
--> statement-breakpoint
CREATE FUNCTION paydar_restamp_flapping_monitor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE monitor_states SET change_seq = nextval('monitor_change_seq') WHERE monitor_id = NEW.monitor_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monitor_alert_states_restamp_states AFTER UPDATE ON monitor_alert_states FOR EACH ROW
  WHEN (OLD.is_flapping IS DISTINCT FROM NEW.is_flapping)
  EXECUTE FUNCTION paydar_restamp_flapping_monitor();
--> statement-breakpoint
CREATE TRIGGER monitor_alert_states_restamp_insert AFTER INSERT ON monitor_alert_states FOR EACH ROW
  WHEN (NEW.is_flapping)
  EXECUTE FUNCTION paydar_restamp_flapping_monitor();
