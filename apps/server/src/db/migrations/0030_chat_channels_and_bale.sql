DROP INDEX "telegram_chats_user_username_unique";--> statement-breakpoint
DROP INDEX "telegram_chats_chat_idx";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "alert_channels" SET DEFAULT '{"emails":[],"phones":[],"telegram_usernames":[],"webhooks":[],"slack_webhooks":[],"discord_webhooks":[],"mattermost_webhooks":[],"bale_usernames":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD COLUMN "messenger" text DEFAULT 'telegram' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_user_username_unique" ON "telegram_chats" USING btree ("messenger","user_id","username");--> statement-breakpoint
CREATE INDEX "telegram_chats_chat_idx" ON "telegram_chats" USING btree ("messenger","chat_id");