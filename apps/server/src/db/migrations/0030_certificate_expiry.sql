CREATE TABLE "monitor_certificate_warnings" (
	"monitor_id" integer NOT NULL,
	"certificate_key" text NOT NULL,
	"threshold_days" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitor_certificate_warnings_monitor_id_certificate_key_threshold_days_pk" PRIMARY KEY("monitor_id","certificate_key","threshold_days")
);
--> statement-breakpoint
CREATE TABLE "monitor_certificates" (
	"monitor_id" integer PRIMARY KEY NOT NULL,
	"certificate_key" text NOT NULL,
	"host" text NOT NULL,
	"issuer_cn" text,
	"issuer_o" text,
	"subject_cn" text,
	"subject_o" text,
	"sans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fingerprint256" text,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monitor_events" ADD COLUMN "certificate" jsonb;--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "certificate_expiry_days" smallint[] DEFAULT '{30,14,7,1}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "monitor_certificate_warnings" ADD CONSTRAINT "monitor_certificate_warnings_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitor_certificates" ADD CONSTRAINT "monitor_certificates_monitor_id_monitors_id_fk" FOREIGN KEY ("monitor_id") REFERENCES "public"."monitors"("id") ON DELETE cascade ON UPDATE no action;