CREATE TABLE "downtimes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "downtimes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monitor_id" integer NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hourly_rollups" (
	"monitor_id" integer NOT NULL,
	"prober_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"satisfied" integer DEFAULT 0 NOT NULL,
	"tolerating" integer DEFAULT 0 NOT NULL,
	"frustrated" integer DEFAULT 0 NOT NULL,
	"bucket_0" integer DEFAULT 0 NOT NULL,
	"bucket_1" integer DEFAULT 0 NOT NULL,
	"bucket_2" integer DEFAULT 0 NOT NULL,
	"bucket_3" integer DEFAULT 0 NOT NULL,
	"bucket_4" integer DEFAULT 0 NOT NULL,
	"bucket_5" integer DEFAULT 0 NOT NULL,
	"bucket_6" integer DEFAULT 0 NOT NULL,
	"bucket_7" integer DEFAULT 0 NOT NULL,
	"duration_sum" real DEFAULT 0 NOT NULL,
	"resolve_sum" real DEFAULT 0 NOT NULL,
	"resolve_count" integer DEFAULT 0 NOT NULL,
	"connect_sum" real DEFAULT 0 NOT NULL,
	"connect_count" integer DEFAULT 0 NOT NULL,
	"tls_sum" real DEFAULT 0 NOT NULL,
	"tls_count" integer DEFAULT 0 NOT NULL,
	"response_sum" real DEFAULT 0 NOT NULL,
	"response_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "hourly_rollups_monitor_id_hour_prober_id_pk" PRIMARY KEY("monitor_id","hour","prober_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitor_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"monitor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"downtime_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitor_probers" (
	"monitor_id" integer NOT NULL,
	"prober_id" integer NOT NULL,
	CONSTRAINT "monitor_probers_monitor_id_prober_id_pk" PRIMARY KEY("monitor_id","prober_id")
);
--> statement-breakpoint
CREATE TABLE "monitor_states" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"is_down" boolean DEFAULT false NOT NULL,
	"state_since" timestamp with time zone,
	"first_check_at" timestamp with time zone,
	"last_check_at" timestamp with time zone,
	"last_status_code" smallint,
	"last_status" text
);
--> statement-breakpoint
CREATE TABLE "monitors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monitors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"protocol_type" text NOT NULL,
	"url" text,
	"host" text,
	"alias" text,
	"period_seconds" integer NOT NULL,
	"apdex_ms" integer NOT NULL,
	"http_method" text DEFAULT 'GET' NOT NULL,
	"http_headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"http_body" text,
	"dns_query_name" text,
	"dns_query_type" text DEFAULT 'A' NOT NULL,
	"alert" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"is_protected" boolean DEFAULT false NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prober_monitor_states" (
	"monitor_id" integer NOT NULL,
	"prober_id" integer NOT NULL,
	"last_time" timestamp with time zone NOT NULL,
	"last_success" boolean NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	CONSTRAINT "prober_monitor_states_monitor_id_prober_id_pk" PRIMARY KEY("monitor_id","prober_id")
);
--> statement-breakpoint
CREATE TABLE "probers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "probers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"datacenter" text NOT NULL,
	"key_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"is_builtin" boolean DEFAULT false NOT NULL,
	"assignment_version" bigint DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "downtimes" ADD CONSTRAINT "downtimes_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_events" ADD CONSTRAINT "monitor_events_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_events" ADD CONSTRAINT "monitor_events_downtime_id_downtimes_id_fk" FOREIGN KEY ("downtime_id") REFERENCES "public"."downtimes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_probers" ADD CONSTRAINT "monitor_probers_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_probers" ADD CONSTRAINT "monitor_probers_prober_id_probers_id_fk" FOREIGN KEY ("prober_id") REFERENCES "public"."probers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_states" ADD CONSTRAINT "monitor_states_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prober_monitor_states" ADD CONSTRAINT "prober_monitor_states_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prober_monitor_states" ADD CONSTRAINT "prober_monitor_states_prober_id_probers_id_fk" FOREIGN KEY ("prober_id") REFERENCES "public"."probers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downtimes_monitor_from_idx" ON "downtimes" USING btree ("monitor_id","from_time");--> statement-breakpoint
CREATE UNIQUE INDEX "downtimes_one_open_per_monitor" ON "downtimes" USING btree ("monitor_id") WHERE to_time IS NULL;--> statement-breakpoint
CREATE INDEX "monitor_events_unprocessed_idx" ON "monitor_events" USING btree ("id") WHERE processed_at IS NULL;--> statement-breakpoint
CREATE INDEX "monitor_probers_prober_idx" ON "monitor_probers" USING btree ("prober_id");--> statement-breakpoint
CREATE INDEX "monitors_user_created_idx" ON "monitors" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monitors_token_unique" ON "monitors" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "probers_name_unique" ON "probers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "probers_key_hash_unique" ON "probers" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "probers_one_builtin" ON "probers" USING btree ("is_builtin") WHERE is_builtin;