ALTER TABLE "monitors" ALTER COLUMN "alert_rules" SET DEFAULT '{"alert_after":{"count":1,"unit":"checks"},"remind_every_minutes":null,"remind_limit":10,"notify_recovery":true,"recovery_channels":["email","sms","telegram","webhook","slack","discord","mattermost","bale"],"recovery_after_minutes":0,"flap_changes":4,"flap_window_minutes":20}'::jsonb;--> statement-breakpoint
-- Recoveries are told at once by default now (issue 37), as every peer does; flap damping already
-- keeps a flapping target quiet. A monitor whose rules are still the old defaults in full was never
-- given rules of its own (the column default since 0018, widened to the chat kinds by 0034, or the
-- form saved untouched): it follows the new default. Any monitor whose owner changed any rule keeps
-- its rules as they are, its 3-minute hold included.
UPDATE "monitors"
SET "alert_rules" = jsonb_set("alert_rules", '{recovery_after_minutes}', '0'::jsonb)
WHERE ("alert_rules" - 'recovery_channels') = '{"alert_after":{"count":1,"unit":"checks"},"remind_every_minutes":null,"remind_limit":10,"notify_recovery":true,"recovery_after_minutes":3,"flap_changes":4,"flap_window_minutes":20}'::jsonb
  AND "alert_rules"->'recovery_channels' @> '["email","sms","telegram","webhook","slack","discord","mattermost","bale"]'::jsonb
  AND "alert_rules"->'recovery_channels' <@ '["email","sms","telegram","webhook","slack","discord","mattermost","bale"]'::jsonb;
