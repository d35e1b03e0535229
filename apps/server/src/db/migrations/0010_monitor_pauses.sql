CREATE TABLE "monitor_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monitor_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "downtimes" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "monitor_pauses" ADD CONSTRAINT "monitor_pauses_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitor_pauses_monitor_started_idx" ON "monitor_pauses" USING btree ("monitor_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_pauses_one_open_per_monitor" ON "monitor_pauses" USING btree ("monitor_id") WHERE ended_at IS NULL;--> statement-breakpoint
-- Monitors already switched off were paused when last changed: their open downtime ends there, by the pause.
INSERT INTO "monitor_pauses" ("monitor_id", "started_at") SELECT "id", "updated_at" FROM "monitors" WHERE NOT "is_enabled";--> statement-breakpoint
UPDATE "downtimes" d SET "to_time" = greatest(d."from_time", m."updated_at"), "ended_by" = 'pause' FROM "monitors" m WHERE m."id" = d."monitor_id" AND NOT m."is_enabled" AND d."to_time" IS NULL;--> statement-breakpoint
UPDATE "downtimes" SET "ended_by" = 'recovery' WHERE "to_time" IS NOT NULL AND "ended_by" IS NULL;
