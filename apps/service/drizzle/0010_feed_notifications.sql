-- Each event of a work, once numbered at commit, is announced on the channel street_events_feed
-- (delivered when the transaction commits): "update_id,promoter_org_id,highway_authority_org_id,
-- update time in epoch milliseconds". Every service instance keeps the head of each
-- organisation's feed from it and answers polls at a caller's head without a query (see
-- src/queries/feed-heads.ts). Otherwise as in 0006.
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
  IF NEW."work_id" IS NOT NULL THEN
    PERFORM pg_notify('street_events_feed', concat_ws(',', allocated, NEW."promoter_org_id",
      NEW."highway_authority_org_id", (extract(epoch from NEW."update_date_time") * 1000)::bigint));
  END IF;
  RETURN NULL;
END
$$;
