CREATE TABLE "read_models" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "poll_row_head" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "poll_row_tail" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "poll_row" text;--> statement-breakpoint
-- The commit-time allocation of update_id (0001) also completes a work event's stored polling
-- row: the text the event source wrote before and after the id, joined around it.
CREATE OR REPLACE FUNCTION "assign_update_id"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allocated bigint;
BEGIN
  -- One fixed advisory lock serialises allocation. It is held until this transaction's
  -- commit is visible to others, so a higher update_id never becomes visible before a lower one.
  PERFORM pg_advisory_xact_lock(7401120001);
  allocated := nextval('audit_event_update_id_seq');
  UPDATE "audit_events"
     SET "update_id" = allocated,
         "poll_row" = "poll_row_head" || allocated::text || "poll_row_tail",
         "poll_row_head" = NULL,
         "poll_row_tail" = NULL
   WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;
