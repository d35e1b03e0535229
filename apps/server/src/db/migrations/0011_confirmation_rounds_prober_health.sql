CREATE TABLE "prober_health_hours" (
	"prober_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"prober_failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "prober_health_hours_prober_id_hour_pk" PRIMARY KEY("prober_id","hour")
);
--> statement-breakpoint
ALTER TABLE "monitor_states" ADD COLUMN "confirming_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitor_states" ADD COLUMN "confirming_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prober_health_hours" ADD CONSTRAINT "prober_health_hours_prober_id_probers_id_fk" FOREIGN KEY ("prober_id") REFERENCES "public"."probers"("id") ON DELETE cascade ON UPDATE no action;