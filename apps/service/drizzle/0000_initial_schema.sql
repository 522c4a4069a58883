CREATE TYPE "public"."activity_type" AS ENUM('highway_improvement_works', 'highway_repair_and_maintenance_works', 'utility_asset_works', 'utility_repair_and_maintenance_works', 'diversionary_works', 'disconnection_or_alteration_of_supply', 'permanent_reinstatement', 'remedial_works', 'section_58', 'section_50', 'core_sampling', 'statutory_infrastructure_works', 'works_for_rail_purposes', 'works_for_road_purposes', 'new_service_connection', 'optional_permit_no_fee');--> statement-breakpoint
CREATE TYPE "public"."assessment_status" AS ENUM('granted', 'granted_auto', 'refused', 'refused_auto', 'permit_modification_request', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."audit_event_type" AS ENUM('historic_action', 'inspection_passed', 'inspection_failed', 'inspection_unable_to_carry_out', 'inspection_further_required', 'inspection_withdraw_defect', 'inspection_agreed_site_compliance', 'activity_submitted', 'activity_edited', 'activity_cancelled', 'fpn_submitted', 'fpn_accepted', 'fpn_paid', 'fpn_disputed', 'fpn_withdrawn', 'permit_granted', 'permit_refused', 'permit_cancelled', 'permit_revoked', 'permit_deemed', 'paa_granted', 'paa_refused', 'paa_cancelled', 'paa_revoked', 'alteration_submitted', 'alteration_refused', 'alteration_granted', 'alteration_granted_with_duration_challenge', 'alteration_deemed', 'alteration_cancelled', 'lane_rental_assessed', 'reinstatement_submitted', 'file_uploaded', 'comment_submitted', 'work_start_logged', 'work_stop_logged', 'work_start_reverted', 'work_stop_reverted', 'forward_plan_submitted', 'forward_plan_cancelled', 'user_removed', 'user_invited', 'inspection_units_logged', 'permit_submitted', 'paa_submitted', 'forward_plan_edited', 'permit_discount_updated', 'paa_discount_updated', 'paa_deemed', 'organisation_contract_added', 'organisation_contract_removed', 'organisation_updated', 'workstream_created', 'workstream_updated', 'inspection_works_stopped', 'inspection_works_stopped_apparatus_remaining', 'inspection_works_in_progress', 'inspection_works_in_progress_no_carriageway_incursion', 'inspection_non_compliant_with_conditions', 'permit_modification_request', 'scheduled_inspection_cancelled', 'scheduled_inspection_created', 'alteration_applied_auto', 'section_81_submitted', 'final_reinstatement_updated', 'section_81_acknowledged', 'section_81_accepted', 'section_81_accepted_fixed', 'section_81_rejected', 'section_81_resolved_by_ha', 'section_81_cancelled', 'user_roles_updated', 'support_desk_action', 'user_name_updated', 'permit_hs2_acknowledged', 'geographical_area_created', 'geographical_area_updated', 'workstream_access_updated', 'planned_works_record_created', 'in_progress_works_record_created', 'historic_works_record_created', 'non_notifiable_works_record_created', 'section_81_works_record_created', 'unattributable_works_record_created', 'sample_inspection_target_created', 'sample_inspection_target_updated', 'sample_inspection_created', 'sample_inspection_completed', 'sample_inspection_removed', 'sample_inspection_expired', 'internal_comment_submitted', 'comment_read', 'excavation_carried_out_updated', 'sample_inspection_target_closed', 'section_81_linked_to_permit', 'section_81_unlinked_from_permit', 'section_81_reassigned', 'permit_granted_with_duration_challenge', 'inspection_withdrawn', 'section_74_warning_issued', 'section_74_warning_acknowledged', 'section_74_site_visited_and_rectified', 'section_74_charges_ended', 'section_74_warning_disputed', 'section_74_withdrawn', 'section_74_draft_invoice_issued', 'section_74_resolved', 'section_74_draft_invoice_acknowledged', 'section_74_charge_under_review', 'section_74_charge_agreed', 'alteration_duration_challenge_accepted', 'alteration_duration_challenge_not_accepted', 'alteration_duration_challenge_non_acceptance_response', 'permit_duration_challenge_accepted', 'permit_duration_challenge_not_accepted', 'permit_duration_challenge_non_acceptance_response', 'section_58_created', 'section_58_progressed', 'section_58_cancelled', 'section_58_closed', 'reinstatement_deleted', 'site_deleted', 'inspection_deleted', 'site_subsumed', 'fpn_deleted', 'current_traffic_management_type_updated', 'ancillary_info_added', 'ancillary_info_removed', 'sample_inspection_issued', 'inspection_outcome_accepted', 'inspection_outcome_disputed', 'inspection_outcome_promoter_accepts_failed_inspection', 'sample_inspection_target_deleted', 'sample_inspection_quarter_started', 'sample_inspection_quarter_ended', 'fee_matrix_updated', 'organisation_fpn_details_updated', 'inspection_auto_accepted', 'sample_inspection_quarter_end_reverted', 'private_street_notice_issued', 'private_street_notice_cancelled', 'non_compliance_issued', 'non_compliance_withdrawn', 'non_compliance_resolved', 'inspection_linked_to_non_compliance', 'permit_linked_to_non_compliance', 'inspection_outcome_joint_site_meeting_needed', 'inspection_outcome_reviewing_dispute', 'inspection_outcome_no_agreement', 'non_compliance_works_completed_and_passed', 'non_compliance_joint_site_meeting_suggested', 'non_compliance_will_attend_joint_site_meeting', 'non_compliance_works_complete_ready_for_inspection', 'non_compliance_joint_site_meeting_not_needed', 'event_subscription_created', 'event_subscription_removed', 'material_classification_submitted', 'non_compliance_accept_suggestion', 'permit_under_assessment', 'alteration_revoked', 'change_request_submitted', 'change_request_refused', 'change_request_granted', 'change_request_granted_with_duration_challenge', 'change_request_deemed', 'change_request_cancelled', 'change_request_applied_auto', 'change_request_duration_challenge_accepted', 'change_request_duration_challenge_not_accepted', 'change_request_duration_challenge_non_acceptance_response', 'change_request_revoked');--> statement-breakpoint
CREATE TYPE "public"."audit_object_type" AS ENUM('permit', 'reinstatement', 'inspection', 'fpn', 'paa', 'workstream', 'work', 'organisation', 'activity', 'forward_plan', 'comment', 'scheduled_inspection', 'section_81', 'user', 'geographical_area', 'change_request', 'application', 'sample_inspection', 'section_74', 'section_58', 'site', 'sample_inspection_target', 'fee_matrix', 'non_compliance', 'private_street', 'event_subscription', 'material_classification');--> statement-breakpoint
CREATE TYPE "public"."change_request_kind" AS ENUM('alteration', 'change_request');--> statement-breakpoint
CREATE TYPE "public"."change_request_status" AS ENUM('submitted', 'granted', 'refused', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."contract_status" AS ENUM('active', 'removed');--> statement-breakpoint
CREATE TYPE "public"."lane_rental_assessment_outcome" AS ENUM('chargeable', 'potentially_chargeable', 'charges_waived', 'exempt', 'charges_not_applicable');--> statement-breakpoint
CREATE TYPE "public"."organisation_kind" AS ENUM('promoter', 'highway_authority', 'contractor');--> statement-breakpoint
CREATE TYPE "public"."permit_status" AS ENUM('submitted', 'granted', 'permit_modification_request', 'refused', 'closed', 'cancelled', 'revoked', 'progressed');--> statement-breakpoint
CREATE TYPE "public"."traffic_management_type" AS ENUM('road_closure', 'contra_flow', 'lane_closure', 'multi_way_signals', 'two_way_signals', 'convoy_workings', 'stop_go_boards', 'priority_working', 'give_and_take', 'some_carriageway_incursion', 'no_carriageway_incursion');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('Planner', 'Contractor', 'HighwayAuthority', 'Operator');--> statement-breakpoint
CREATE TYPE "public"."work_category" AS ENUM('minor', 'standard', 'major', 'immediate_urgent', 'immediate_emergency', 'paa', 'hs2_highway');--> statement-breakpoint
CREATE TYPE "public"."work_status" AS ENUM('planned', 'in_progress', 'completed', 'cancelled', 'unattributable', 'historical', 'non_notifiable', 'section_81');--> statement-breakpoint
CREATE SEQUENCE "public"."audit_event_update_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"token_prefix" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"update_id" bigint,
	"update_date_time" timestamp with time zone NOT NULL,
	"work_id" integer,
	"event_type" "audit_event_type" NOT NULL,
	"object_type" "audit_object_type" NOT NULL,
	"object_reference_number" text,
	"parent_object_reference_number" text,
	"acting_username" varchar(100),
	"internal_user_identifier" varchar(100),
	"internal_user_name" varchar(100),
	"promoter_org_id" integer,
	"highway_authority_org_id" integer,
	"workstream_prefix" char(3),
	CONSTRAINT "audit_events_update_id_unique" UNIQUE("update_id"),
	CONSTRAINT "audit_events_work_scope" CHECK ("audit_events"."work_id" is null or ("audit_events"."promoter_org_id" is not null and "audit_events"."highway_authority_org_id" is not null and "audit_events"."workstream_prefix" is not null))
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"permit_id" integer NOT NULL,
	"kind" "change_request_kind" NOT NULL,
	"status" "change_request_status" NOT NULL,
	"proposed_start_date" timestamp with time zone,
	"proposed_end_date" timestamp with time zone,
	"traffic_management_type" "traffic_management_type",
	"description_of_work" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "change_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contractor_org_id" integer NOT NULL,
	"promoter_org_id" integer NOT NULL,
	"status" "contract_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ended_sample_inspection_quarters" (
	"highway_authority_org_id" integer NOT NULL,
	"quarter" varchar(7) NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ended_sample_inspection_quarters_highway_authority_org_id_quarter_pk" PRIMARY KEY("highway_authority_org_id","quarter"),
	CONSTRAINT "ended_sample_inspection_quarters_format" CHECK ("ended_sample_inspection_quarters"."quarter" ~ '^[0-9]{4}-Q[1-4]$')
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "organisation_kind" NOT NULL,
	"name" text NOT NULL,
	"swa_code" varchar(4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_name_unique" UNIQUE("name"),
	CONSTRAINT "organisations_swa_code_unique" UNIQUE("swa_code"),
	CONSTRAINT "organisations_swa_code_required" CHECK ("organisations"."kind" = 'contractor' or "organisations"."swa_code" is not null)
);
--> statement-breakpoint
CREATE TABLE "permits" (
	"id" serial PRIMARY KEY NOT NULL,
	"permit_reference_number" varchar(27) NOT NULL,
	"work_id" integer NOT NULL,
	"description_of_work" text NOT NULL,
	"work_category" "work_category" NOT NULL,
	"traffic_management_type" "traffic_management_type" NOT NULL,
	"activity_type" "activity_type" NOT NULL,
	"proposed_start_date" timestamp with time zone NOT NULL,
	"proposed_end_date" timestamp with time zone NOT NULL,
	"proposed_start_time" timestamp with time zone,
	"proposed_end_time" timestamp with time zone,
	"status" "permit_status" NOT NULL,
	"assessment_status" "assessment_status",
	"work_status" "work_status" NOT NULL,
	"deadline_date" timestamp with time zone NOT NULL,
	"date_created" timestamp with time zone NOT NULL,
	"status_changed_date" timestamp with time zone NOT NULL,
	"actual_start_date" timestamp with time zone,
	"actual_end_date" timestamp with time zone,
	"is_active_permit" boolean NOT NULL,
	"is_traffic_sensitive" boolean NOT NULL,
	"has_no_final_reinstatement" boolean NOT NULL,
	"is_deemed" boolean NOT NULL,
	"excavation_carried_out" boolean NOT NULL,
	"is_early_start" boolean NOT NULL,
	"is_high_impact_traffic_management" boolean NOT NULL,
	"is_lane_rental" boolean NOT NULL,
	"lane_rental_charges_not_agreed" boolean NOT NULL,
	"lane_rental_charges_potentially_apply" boolean NOT NULL,
	"lane_rental_assessment_outcome" "lane_rental_assessment_outcome",
	"paa_to_pa_deadline_date" timestamp with time zone,
	"permit_conditions" jsonb NOT NULL,
	"ancillary_info_count" integer NOT NULL,
	CONSTRAINT "permits_permit_reference_number_unique" UNIQUE("permit_reference_number"),
	CONSTRAINT "permits_ancillary_info_count" CHECK ("permits"."ancillary_info_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"role" "user_role" NOT NULL,
	"organisation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "work_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"work_id" integer NOT NULL,
	"object_type" "audit_object_type" NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "work_objects_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "works" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_reference_number" varchar(24) NOT NULL,
	"promoter_org_id" integer NOT NULL,
	"highway_authority_org_id" integer NOT NULL,
	"workstream_id" integer NOT NULL,
	"street" text NOT NULL,
	"town" text NOT NULL,
	"area" text NOT NULL,
	"usrn" integer NOT NULL,
	"road_category" smallint NOT NULL,
	"works_coordinates" jsonb NOT NULL,
	"location_description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "works_work_reference_number_unique" UNIQUE("work_reference_number"),
	CONSTRAINT "works_reference_format" CHECK ("works"."work_reference_number" ~ '^[A-Za-z0-9_-]{1,24}$'),
	CONSTRAINT "works_usrn_range" CHECK ("works"."usrn" between 1000001 and 99999999),
	CONSTRAINT "works_road_category_range" CHECK ("works"."road_category" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "workstreams" (
	"id" serial PRIMARY KEY NOT NULL,
	"promoter_org_id" integer NOT NULL,
	"prefix" char(3) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workstreams_prefix_digits" CHECK ("workstreams"."prefix" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_promoter_org_id_organisations_id_fk" FOREIGN KEY ("promoter_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_highway_authority_org_id_organisations_id_fk" FOREIGN KEY ("highway_authority_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_permit_id_permits_id_fk" FOREIGN KEY ("permit_id") REFERENCES "public"."permits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contractor_org_id_organisations_id_fk" FOREIGN KEY ("contractor_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_promoter_org_id_organisations_id_fk" FOREIGN KEY ("promoter_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ended_sample_inspection_quarters" ADD CONSTRAINT "ended_sample_inspection_quarters_highway_authority_org_id_organisations_id_fk" FOREIGN KEY ("highway_authority_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permits" ADD CONSTRAINT "permits_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_objects" ADD CONSTRAINT "work_objects_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_promoter_org_id_organisations_id_fk" FOREIGN KEY ("promoter_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_highway_authority_org_id_organisations_id_fk" FOREIGN KEY ("highway_authority_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_workstream_id_workstreams_id_fk" FOREIGN KEY ("workstream_id") REFERENCES "public"."workstreams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workstreams" ADD CONSTRAINT "workstreams_promoter_org_id_organisations_id_fk" FOREIGN KEY ("promoter_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_promoter_update" ON "audit_events" USING btree ("promoter_org_id","update_id");--> statement-breakpoint
CREATE INDEX "audit_events_highway_authority_update" ON "audit_events" USING btree ("highway_authority_org_id","update_id");--> statement-breakpoint
CREATE INDEX "audit_events_update_date_time" ON "audit_events" USING btree ("update_date_time");--> statement-breakpoint
CREATE INDEX "audit_events_work" ON "audit_events" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "change_requests_permit" ON "change_requests" USING btree ("permit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_active_per_pair" ON "contracts" USING btree ("contractor_org_id","promoter_org_id") WHERE "contracts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "permits_work" ON "permits" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "work_objects_work" ON "work_objects" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "work_objects_open_by_type" ON "work_objects" USING btree ("object_type","created_at") WHERE "work_objects"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "workstreams_promoter_prefix" ON "workstreams" USING btree ("promoter_org_id","prefix");