CREATE TABLE "prober_failure_records" (
	"monitor_id" integer NOT NULL,
	"prober_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "prober_failure_records_monitor_id_prober_id_time_pk" PRIMARY KEY("monitor_id","prober_id","time")
);
--> statement-breakpoint
ALTER TABLE "prober_failure_records" ADD CONSTRAINT "prober_failure_records_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prober_failure_records" ADD CONSTRAINT "prober_failure_records_prober_id_probers_id_fk" FOREIGN KEY ("prober_id") REFERENCES "public"."probers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_states_confirming_idx" ON "monitor_states" USING btree ("confirming_opened_at") WHERE confirming_opened_at IS NOT NULL;