CREATE TABLE "financial_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_type" text NOT NULL,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"external_identifier" text,
	"idempotency_key" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_transactions_amount_not_zero" CHECK ("financial_transactions"."amount" <> 0),
	CONSTRAINT "financial_transactions_type_matches_sign" CHECK (("financial_transactions"."transaction_type" = 'increase_credit') = ("financial_transactions"."amount" > 0)),
	CONSTRAINT "financial_transactions_balance_after_not_negative" CHECK ("financial_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "zarinpal_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "zarinpal_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"authority" text,
	"state" text DEFAULT 'created' NOT NULL,
	"goal" text NOT NULL,
	"plan_name" text,
	"period" text,
	"ref_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "expiry_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "financial_transactions" ADD CONSTRAINT "financial_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zarinpal_payments" ADD CONSTRAINT "zarinpal_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_transactions_idempotency_unique" ON "financial_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "financial_transactions_user_created_idx" ON "financial_transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "zarinpal_payments_authority_unique" ON "zarinpal_payments" USING btree ("authority");--> statement-breakpoint
CREATE INDEX "zarinpal_payments_user_idx" ON "zarinpal_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "zarinpal_payments_pending_idx" ON "zarinpal_payments" USING btree ("created_at") WHERE state IN ('created', 'pending');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_charged_budget_not_negative" CHECK ("users"."charged_budget" >= 0);--> statement-breakpoint
-- A wallet that held credit before the ledger existed opens with one row saying so, so every balance is the sum of its rows.
INSERT INTO "financial_transactions" ("user_id", "amount", "transaction_type", "source", "description", "idempotency_key", "balance_after")
SELECT "id", "charged_budget", 'increase_credit', 'admin_adjustment', 'Opening balance', 'opening-balance-' || "id", "charged_budget"
FROM "users" WHERE "charged_budget" > 0;
--> statement-breakpoint
-- Plans seeded before voice calls existed get the flag the catalogue gives them (start-up now only adds missing plans).
UPDATE "plans" SET "description" = jsonb_set("description", '{quality,VoiceCall}', to_jsonb("name" IN ('Gold', 'Enterprise')), true)
WHERE NOT ("description"->'quality' ? 'VoiceCall');
