ALTER TABLE "downtimes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "http_accepted_statuses" text DEFAULT '200-399' NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "http_assertions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "http_follow_redirects" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "timeout_seconds" integer;