CREATE TABLE "status_page_monitors" (
	"section_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"monitor_id" integer NOT NULL,
	"position" integer NOT NULL,
	"public_name" text NOT NULL,
	"show_target" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_page_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_page_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"show_response_times" boolean DEFAULT false NOT NULL,
	"custom_domain" text,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_pages_slug_shape" CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 48)
);
--> statement-breakpoint
ALTER TABLE "status_page_monitors" ADD CONSTRAINT "status_page_monitors_section_id_status_page_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."status_page_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_monitors" ADD CONSTRAINT "status_page_monitors_page_id_status_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_monitors" ADD CONSTRAINT "status_page_monitors_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_sections" ADD CONSTRAINT "status_page_sections_page_id_status_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_monitors_page_monitor_idx" ON "status_page_monitors" USING btree ("page_id","monitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_monitors_order_idx" ON "status_page_monitors" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "status_page_monitors_monitor_idx" ON "status_page_monitors" USING btree ("monitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_sections_order_idx" ON "status_page_sections" USING btree ("page_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "status_pages_slug_idx" ON "status_pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "status_pages_custom_domain_idx" ON "status_pages" USING btree ("custom_domain");--> statement-breakpoint
CREATE INDEX "status_pages_user_idx" ON "status_pages" USING btree ("user_id");--> statement-breakpoint
-- Existing plans get the catalogue's status page limits (issue 16); a plan an operator created keeps the default of 1.
UPDATE "plans" SET "specifications" = "specifications" || jsonb_build_object('STATUS_PAGES',
  CASE "name" WHEN 'Free' THEN 1 WHEN 'Silver' THEN 3 WHEN 'Gold' THEN 10 WHEN 'Enterprise' THEN 50 ELSE 1 END)
WHERE NOT ("specifications" ? 'STATUS_PAGES');
