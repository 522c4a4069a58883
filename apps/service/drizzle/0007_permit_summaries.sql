ALTER TABLE "permits" ADD COLUMN "summary" text;--> statement-breakpoint
-- A stored summary is cleared by any change to what it shows: the permit itself (any column
-- but the summary), its work, or the work's promoter or highway authority.
CREATE FUNCTION "permits_clear_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."summary" IS NOT DISTINCT FROM OLD."summary" AND NEW IS DISTINCT FROM OLD THEN
    NEW."summary" := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "permits_clear_summary" BEFORE UPDATE ON "permits" FOR EACH ROW EXECUTE FUNCTION "permits_clear_summary"();
--> statement-breakpoint
CREATE FUNCTION "works_clear_permit_summaries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "permits" SET "summary" = NULL WHERE "work_id" = NEW."id" AND "summary" IS NOT NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "works_clear_permit_summaries" AFTER UPDATE ON "works" FOR EACH ROW
  WHEN (NEW IS DISTINCT FROM OLD) EXECUTE FUNCTION "works_clear_permit_summaries"();
--> statement-breakpoint
CREATE FUNCTION "organisations_clear_permit_summaries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "permits" p SET "summary" = NULL FROM "works" w
   WHERE p."work_id" = w."id" AND p."summary" IS NOT NULL
     AND (w."promoter_org_id" = NEW."id" OR w."highway_authority_org_id" = NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "organisations_clear_permit_summaries" AFTER UPDATE OF "name", "swa_code" ON "organisations" FOR EACH ROW
  WHEN (NEW."name" IS DISTINCT FROM OLD."name" OR NEW."swa_code" IS DISTINCT FROM OLD."swa_code")
  EXECUTE FUNCTION "organisations_clear_permit_summaries"();
