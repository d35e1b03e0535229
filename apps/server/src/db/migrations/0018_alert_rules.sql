CREATE TABLE "monitor_alert_states" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"wake_at" timestamp with time zone,
	"is_flapping" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_events" ADD COLUMN "origin" text DEFAULT 'ingest' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "alert_rules" jsonb DEFAULT '{"alert_after":{"count":1,"unit":"checks"},"remind_every_minutes":null,"remind_limit":10,"notify_recovery":true,"recovery_channels":["email","sms","telegram","webhook"],"recovery_after_minutes":3,"flap_changes":4,"flap_window_minutes":20}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_alert_states" ADD CONSTRAINT "monitor_alert_states_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_alert_states_wake_idx" ON "monitor_alert_states" USING btree ("wake_at") WHERE wake_at IS NOT NULL;