CREATE TABLE "heartbeat_states" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"deadline" timestamp with time zone,
	"started_at" timestamp with time zone,
	"last_ping_at" timestamp with time zone,
	"last_ping_kind" text,
	"last_ping_note" text
);
--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "grace_seconds" integer;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "ping_token_hash" text;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "ping_token_prefix" text;--> statement-breakpoint
ALTER TABLE "heartbeat_states" ADD CONSTRAINT "heartbeat_states_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heartbeat_states_deadline_idx" ON "heartbeat_states" USING btree ("deadline") WHERE deadline IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "monitors_ping_token_hash_unique" ON "monitors" USING btree ("ping_token_hash");