CREATE TABLE "status_page_notice_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_page_notice_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"notice_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"queued_at" timestamp with time zone,
	"unsubscribe_token_hash" text
);
--> statement-breakpoint
CREATE TABLE "status_page_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_page_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"key" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_page_subscribers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "status_page_subscribers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"page_id" integer NOT NULL,
	"email" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_page_subscribers_email_shape" CHECK (length(email) <= 254 AND email = lower(email))
);
--> statement-breakpoint
ALTER TABLE "status_page_notice_deliveries" ADD CONSTRAINT "status_page_notice_deliveries_notice_id_status_page_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."status_page_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_notice_deliveries" ADD CONSTRAINT "status_page_notice_deliveries_subscriber_id_status_page_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."status_page_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_notices" ADD CONSTRAINT "status_page_notices_page_id_status_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_page_subscribers" ADD CONSTRAINT "status_page_subscribers_page_id_status_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."status_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_notice_deliveries_pair_idx" ON "status_page_notice_deliveries" USING btree ("notice_id","subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_notice_deliveries_token_idx" ON "status_page_notice_deliveries" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "status_page_notice_deliveries_pending_idx" ON "status_page_notice_deliveries" USING btree ("id") WHERE queued_at IS NULL;--> statement-breakpoint
CREATE INDEX "status_page_notice_deliveries_subscriber_idx" ON "status_page_notice_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_notices_page_key_idx" ON "status_page_notices" USING btree ("page_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_subscribers_page_email_idx" ON "status_page_subscribers" USING btree ("page_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "status_page_subscribers_confirm_token_idx" ON "status_page_subscribers" USING btree ("confirm_token_hash");