-- Polling reads audit_events alone: each work event carries its work's reference, as it
-- carries the work's promoter, authority and workstream.
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_work_scope";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "work_reference_number" varchar(24);--> statement-breakpoint
UPDATE "audit_events" SET "work_reference_number" = "works"."work_reference_number" FROM "works" WHERE "works"."id" = "audit_events"."work_id";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_work_scope" CHECK ("audit_events"."work_id" is null or ("audit_events"."work_reference_number" is not null and "audit_events"."promoter_org_id" is not null and "audit_events"."highway_authority_org_id" is not null and "audit_events"."workstream_prefix" is not null));
