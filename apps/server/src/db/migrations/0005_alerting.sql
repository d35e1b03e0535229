CREATE TABLE "alert_channel_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_channel_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"channel_key" text NOT NULL,
	"value" text NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"chat_id" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_poll_state" (
	"bot_id" text PRIMARY KEY NOT NULL,
	"next_offset" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "webhook_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_channel_verifications" ADD CONSTRAINT "alert_channel_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_verifications_secret_unique" ON "alert_channel_verifications" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "alert_channel_verifications_channel_idx" ON "alert_channel_verifications" USING btree ("user_id","channel_key","value");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_chats_user_username_unique" ON "telegram_chats" USING btree ("user_id","username");--> statement-breakpoint
CREATE INDEX "telegram_chats_chat_idx" ON "telegram_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "notifications_unfinished_idx" ON "notifications" USING btree ("next_attempt_at") WHERE state IN ('pending', 'sending');