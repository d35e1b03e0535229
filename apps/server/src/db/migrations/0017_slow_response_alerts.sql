CREATE TABLE "monitor_slow_states" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"rule" jsonb NOT NULL,
	"is_slow" boolean DEFAULT false NOT NULL,
	"since" timestamp with time zone,
	"reason" text,
	"recent_checks" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "slow_alert" jsonb;--> statement-breakpoint
ALTER TABLE "monitor_slow_states" ADD CONSTRAINT "monitor_slow_states_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Rewritten by every batch of a monitor with a rule, as monitor_states is: room on the page keeps those updates HOT.
ALTER TABLE "monitor_slow_states" SET (fillfactor = 50);
