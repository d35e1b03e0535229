CREATE TABLE "demo_data" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL,
	"generated_until" timestamp with time zone NOT NULL,
	"seed_ms" integer NOT NULL,
	CONSTRAINT "demo_data_one_row" CHECK ("demo_data"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "monitors" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "probers" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- ==== custom SQL (issue 15, the tour): kept in one block for renumbering ====
-- A demo monitor runs on demo probers only, and a real monitor on real probers only, whatever
-- code path (or operator) links them: demo data is never mixed with real results.
CREATE FUNCTION paydar_demo_pairing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT is_demo FROM monitors WHERE id = NEW.monitor_id) IS DISTINCT FROM
     (SELECT is_demo FROM probers WHERE id = NEW.prober_id) THEN
    RAISE EXCEPTION 'monitor % and prober % are not both demo or both real', NEW.monitor_id, NEW.prober_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monitor_probers_demo_pairing BEFORE INSERT OR UPDATE ON monitor_probers
  FOR EACH ROW EXECUTE FUNCTION paydar_demo_pairing();
-- ==== end of custom SQL ====
