-- update_id is allocated at commit time, in commit order; the design is described in
-- src/events/record-events.ts. Events are inserted with a null update_id; this deferred
-- trigger numbers them when their transaction commits.
CREATE FUNCTION "assign_update_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One fixed advisory lock serialises allocation. It is held until this transaction's
  -- commit is visible to others, so a higher update_id never becomes visible before a lower one.
  PERFORM pg_advisory_xact_lock(7401120001);
  UPDATE "audit_events" SET "update_id" = nextval('audit_event_update_id_seq') WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Deferred row triggers fire at commit in insertion order, so events of one transaction keep their order.
CREATE CONSTRAINT TRIGGER "audit_events_assign_update_id"
  AFTER INSERT ON "audit_events"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  EXECUTE FUNCTION "assign_update_id"();
