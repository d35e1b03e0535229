ALTER TABLE "status_page_notices" ADD COLUMN "fanout_after" integer;--> statement-breakpoint
ALTER TABLE "status_page_notices" ADD COLUMN "fanout_until" integer;--> statement-breakpoint
CREATE INDEX "status_page_notice_deliveries_queued_at_idx" ON "status_page_notice_deliveries" USING btree ("queued_at") WHERE queued_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "status_page_notices_fanout_idx" ON "status_page_notices" USING btree ("id") WHERE fanout_after IS NOT NULL;