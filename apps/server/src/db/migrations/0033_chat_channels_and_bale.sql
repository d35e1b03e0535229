DROP INDEX "telegram_chats_user_username_unique";--> statement-breakpoint
DROP INDEX "telegram_chats_chat_idx";--> statement-breakpoint
ALTER TABLE "monitors" ALTER COLUMN "alert_rules" SET DEFAULT '{"alert_after":{"count":1,"unit":"checks"},"remind_every_minutes":null,"remind_limit":10,"notify_recovery":true,"recovery_channels":["email","sms","telegram","webhook","slack","discord","mattermost","bale"],"recovery_after_minutes":3,"flap_changes":4,"flap_window_minutes":20}'::jsonb;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "alert_channels" SET DEFAULT '{"emails":[],"phones":[],"telegram_usernames":[],"webhooks":[],"slack_webhooks":[],"discord_webhooks":[],"mattermost_webhooks":[],"bale_usernames":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD COLUMN "messenger" text DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_user_username_unique" ON "telegram_chats" USING btree ("messenger","user_id","username");--> statement-breakpoint
CREATE INDEX "telegram_chats_chat_idx" ON "telegram_chats" USING btree ("messenger","chat_id");