CREATE TABLE "maintenance_spans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_spans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"window_id" integer,
	"monitor_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "maintenance_spans_order" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "maintenance_window_monitors" (
	"window_id" integer NOT NULL,
	"monitor_id" integer NOT NULL,
	CONSTRAINT "maintenance_window_monitors_window_id_monitor_id_pk" PRIMARY KEY("window_id","monitor_id")
);
--> statement-breakpoint
CREATE TABLE "maintenance_windows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "maintenance_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"days_of_week" smallint[],
	"start_time" text,
	"duration_minutes" integer,
	"skip_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_windows_shape" CHECK ((kind = 'once' AND starts_at IS NOT NULL AND ends_at IS NOT NULL AND ends_at >= starts_at)
        OR (kind = 'weekly' AND days_of_week IS NOT NULL AND start_time IS NOT NULL AND duration_minutes BETWEEN 5 AND 1440))
);
--> statement-breakpoint
ALTER TABLE "maintenance_spans" ADD CONSTRAINT "maintenance_spans_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_spans" ADD CONSTRAINT "maintenance_spans_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_monitors" ADD CONSTRAINT "maintenance_window_monitors_window_id_maintenance_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."maintenance_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_window_monitors" ADD CONSTRAINT "maintenance_window_monitors_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "maintenance_spans_monitor_starts_idx" ON "maintenance_spans" USING btree ("monitor_id","starts_at");--> statement-breakpoint
CREATE INDEX "maintenance_spans_window_idx" ON "maintenance_spans" USING btree ("window_id");--> statement-breakpoint
CREATE INDEX "maintenance_window_monitors_monitor_idx" ON "maintenance_window_monitors" USING btree ("monitor_id");--> statement-breakpoint
CREATE INDEX "maintenance_windows_user_idx" ON "maintenance_windows" USING btree ("user_id");