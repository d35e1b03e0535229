CREATE TABLE "console_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "console_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"ledger_description" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"transfer_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "console_transfers" ADD CONSTRAINT "console_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_transfers_key_unique" ON "console_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "console_transfers_requested_idx" ON "console_transfers" USING btree ("created_at") WHERE state = 'requested';