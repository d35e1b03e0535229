-- Monitors saved before the chat channels existed list the four old kinds as recovery channels.
-- Where all four are ticked (the default, never narrowed), the owner wanted recoveries everywhere:
-- the new kinds are added, so a Slack, Discord, Mattermost or Bale channel added later hears of
-- recoveries too. A monitor whose owner unticked a kind keeps its choice as it is.
UPDATE "monitors"
SET "alert_rules" = jsonb_set("alert_rules", '{recovery_channels}',
  ("alert_rules"->'recovery_channels') || '["slack","discord","mattermost","bale"]'::jsonb)
WHERE "alert_rules"->'recovery_channels' @> '["email","sms","telegram","webhook"]'::jsonb
  AND NOT ("alert_rules"->'recovery_channels') ?| array['slack','discord','mattermost','bale'];
