-- The monitor list is kept per user in memory too (modules/monitors/monitor-list-cache.ts), so what
-- it shows announces its changes (db/change-feed.ts) as 0013's rows do:
--   owner    also a monitor added or removed, by its user id: the set of the owner's monitors
--            (a new monitor's id is in no kept list, so its 'monitor' announcement drops nothing)
--   monitor  also a monitor's flapping flag turning, by monitor id (its state row does not move
--            with it: the alert rules write it). Only when it turns: the rules rewrite the row
--            on every transition, and nothing that is kept reads the rest of it.
CREATE TRIGGER monitors_announce_owner_insert AFTER INSERT ON monitors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('owner', 'user_id');
--> statement-breakpoint
CREATE TRIGGER monitors_announce_owner_delete AFTER DELETE ON monitors REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('owner', 'user_id');
--> statement-breakpoint
CREATE TRIGGER monitor_alert_states_announce_flapping_insert AFTER INSERT ON monitor_alert_states FOR EACH ROW
  WHEN (NEW.is_flapping)
  EXECUTE FUNCTION paydar_announce_state_row();
--> statement-breakpoint
CREATE TRIGGER monitor_alert_states_announce_flapping_update AFTER UPDATE ON monitor_alert_states FOR EACH ROW
  WHEN (OLD.is_flapping IS DISTINCT FROM NEW.is_flapping)
  EXECUTE FUNCTION paydar_announce_state_row();
