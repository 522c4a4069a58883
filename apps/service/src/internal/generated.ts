/**
 * Types of the internal operator API, generated from src/internal/document.ts by
 * scripts/generate-operator-types.ts. Do not edit: change the document, then run
 * `pnpm --filter @street-events/service generate`.
 */
export interface paths {
    "/internal/works": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit a work with its first permit */
        post: operations["submitWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/permits/{permit_reference_number}/transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a permit event: an assessment, cancellation, work start or stop, ancillary information */
        post: operations["transitionPermit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/permits/{permit_reference_number}/change-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit an alteration or a change request to a permit */
        post: operations["submitChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/change-requests/{reference}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant, refuse or cancel an alteration or change request */
        post: operations["decideChangeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/works/{work_reference_number}/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a record of a work: inspection, sample inspection, FPN, comment, reinstatement, section 81/74/58, PAA, non-compliance, private street notice, forward plan, scheduled inspection */
        post: operations["openWorkObject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/objects/{reference}/transitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a record of a work on */
        post: operations["advanceWorkObject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/quarters/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a highway authority's sample inspection quarter */
        post: operations["endQuarter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring about an event of any kind for an organisation */
        post: operations["triggerEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a contract between a contractor and a promoter */
        post: operations["addContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/contracts/{contractor}/{promoter}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove the active contract between a contractor and a promoter */
        delete: operations["removeContract"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List subscriptions with their organisation, endpoint and state */
        get: operations["listSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/organisations/{organisation}/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Point an organisation's subscription at an endpoint, creating it if need be */
        put: operations["pointSubscription"];
        post?: never;
        /** Remove an organisation's subscription */
        delete: operations["removeSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/subscriptions/{subscription_reference_number}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A subscription's messages, newest first, each with its attempts */
        get: operations["listMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List dead letters: messages whose every attempt failed */
        get: operations["listDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/messages/{message_id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a dead or delivered message again, with the same webhook-id */
        post: operations["replayMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/deliveries/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events: attempts recorded and messages queued, as they happen */
        get: operations["streamDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/internal/sandbox/organisations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sandbox organisations with the token of each user (sandbox only) */
        get: operations["listSandboxOrganisations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * NotificationPayload
         * @description The content of a notification's `Message`, once parsed: the fields of the polling row of the event, plus the internal identification of the acting user as supplied on the causing request.
         */
        NotificationPayload: {
            /**
             * Format: double
             * @description The event's `update_id` in the polling feed.
             */
            update_id: number;
            /**
             * Format: date-time
             * @description When the event happened.
             */
            update_date_time: string;
            event_type: components["schemas"]["AuditEventType"];
            /** @description Text form of `event_type`. */
            event_type_string: string;
            object_type: components["schemas"]["AuditObjectTypeResponse"];
            /** @description Text form of `object_type`. */
            object_type_string: string;
            /** @description The work the event is about; null for events about an organisation (contracts, subscriptions). */
            work_reference_number: string | null;
            /** @description Reference of the object the event is about. */
            object_reference_number: string | null;
            /** @description Reference of the object's parent. */
            parent_object_reference_number: string | null;
            /** @description SWA code of the promoter the event concerns, so a contractor subscribed for several promoters can tell them apart. */
            promoter_swa_code: string | null;
            /** @description As supplied on the request that caused the event; null when none was. */
            internal_user_identifier: string | null;
            /** @description As supplied on the request that caused the event; null when none was. */
            internal_user_name: string | null;
        };
        /**
         * ErrorCode
         * @description Machine-readable error code. Open enumeration: `upcoming_enum` stands for a code added in a later version; treat an unknown code by its HTTP status.
         * @enum {string}
         */
        ErrorCode: "validation_failed" | "unauthenticated" | "forbidden" | "not_found" | "method_not_allowed" | "request_timeout" | "conflict" | "payload_too_large" | "uri_too_long" | "unsupported_media_type" | "expectation_failed" | "locked" | "rate_limited" | "header_fields_too_large" | "internal_error" | "service_unavailable" | "upcoming_enum";
        /**
         * ValidationRule
         * @description The rule a field of a request broke: a JSON Schema keyword of the document, or one of the service's own rules. Open enumeration: `upcoming_enum` stands for a rule added in a later version.
         * @enum {string}
         */
        ValidationRule: "required" | "type" | "format" | "enum" | "const" | "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" | "minLength" | "maxLength" | "pattern" | "minItems" | "maxItems" | "uniqueItems" | "additionalProperties" | "oneOf" | "anyOf" | "formatMinimum" | "json" | "characters" | "encoding" | "http" | "upcoming_enum";
        /**
         * ValidationErrorDetail
         * @description One broken constraint of a request.
         */
        ValidationErrorDetail: {
            /**
             * @description Where in the request the field is.
             * @enum {string}
             */
            location: "body" | "query" | "header" | "path" | "upcoming_enum";
            /** @description Path of the failing field within its location, in dotted form with array indexes in brackets (`page_size`, `work_reference_numbers[3]`). Empty for the body as a whole. */
            field: string;
            rule: components["schemas"]["ValidationRule"];
            /** @description Human-readable description of the failure. */
            message: string;
        };
        /**
         * ErrorResponse
         * @description The one error body of every 4xx and 5xx answer of every operation. `message` is for people and its wording can change between releases; program against `error.status`, `error.code` and, for validation failures, `error.details[].field`.
         */
        ErrorResponse: {
            /** @description Human-readable summary of what went wrong. */
            message: string;
            error: {
                /** @description The HTTP status code of the response. */
                status: number;
                code: components["schemas"]["ErrorCode"];
                /** @description Identifier of the request, also sent in the `x-request-id` response header. Quote it when reporting a problem. */
                request_id?: string;
                /** @description For `validation_failed`, one entry per broken constraint found, the first 20 of them; `details_omitted` counts the rest. A body holding more values than any valid body can is checked only up to its first broken constraint, so it lists one. */
                details?: components["schemas"]["ValidationErrorDetail"][];
                /** @description How many broken constraints were found beyond the 20 listed in `details`; absent when every one is listed. */
                details_omitted?: number;
            };
        };
        /**
         * WorkReferenceNumber
         * @description Work reference number. The interface document does not show its format; this service issues up to 24 letters, digits, `-` and `_` (for example `TSR1591199404915`), and accepts any string of at most 24 characters in requests.
         * @example TSR1591199404915
         */
        WorkReferenceNumber: string;
        /**
         * AuditEventType
         * @description Kind of event. The same kinds are used in polling rows and in push notifications. Open enumeration: `upcoming_event` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        AuditEventType: "historic_action" | "inspection_passed" | "inspection_failed" | "inspection_unable_to_carry_out" | "inspection_further_required" | "inspection_withdraw_defect" | "inspection_agreed_site_compliance" | "activity_submitted" | "activity_edited" | "activity_cancelled" | "fpn_submitted" | "fpn_accepted" | "fpn_paid" | "fpn_disputed" | "fpn_withdrawn" | "permit_granted" | "permit_refused" | "permit_cancelled" | "permit_revoked" | "permit_deemed" | "paa_granted" | "paa_refused" | "paa_cancelled" | "paa_revoked" | "alteration_submitted" | "alteration_refused" | "alteration_granted" | "alteration_granted_with_duration_challenge" | "alteration_deemed" | "alteration_cancelled" | "lane_rental_assessed" | "reinstatement_submitted" | "file_uploaded" | "comment_submitted" | "work_start_logged" | "work_stop_logged" | "work_start_reverted" | "work_stop_reverted" | "forward_plan_submitted" | "forward_plan_cancelled" | "user_removed" | "user_invited" | "inspection_units_logged" | "permit_submitted" | "paa_submitted" | "forward_plan_edited" | "permit_discount_updated" | "paa_discount_updated" | "paa_deemed" | "organisation_contract_added" | "organisation_contract_removed" | "organisation_updated" | "workstream_created" | "workstream_updated" | "inspection_works_stopped" | "inspection_works_stopped_apparatus_remaining" | "inspection_works_in_progress" | "inspection_works_in_progress_no_carriageway_incursion" | "inspection_non_compliant_with_conditions" | "permit_modification_request" | "scheduled_inspection_cancelled" | "scheduled_inspection_created" | "alteration_applied_auto" | "section_81_submitted" | "final_reinstatement_updated" | "section_81_acknowledged" | "section_81_accepted" | "section_81_accepted_fixed" | "section_81_rejected" | "section_81_resolved_by_ha" | "section_81_cancelled" | "user_roles_updated" | "support_desk_action" | "user_name_updated" | "permit_hs2_acknowledged" | "geographical_area_created" | "geographical_area_updated" | "workstream_access_updated" | "planned_works_record_created" | "in_progress_works_record_created" | "historic_works_record_created" | "non_notifiable_works_record_created" | "section_81_works_record_created" | "unattributable_works_record_created" | "upcoming_event" | "sample_inspection_target_created" | "sample_inspection_target_updated" | "sample_inspection_created" | "sample_inspection_completed" | "sample_inspection_removed" | "sample_inspection_expired" | "internal_comment_submitted" | "comment_read" | "excavation_carried_out_updated" | "sample_inspection_target_closed" | "section_81_linked_to_permit" | "section_81_unlinked_from_permit" | "section_81_reassigned" | "permit_granted_with_duration_challenge" | "inspection_withdrawn" | "section_74_warning_issued" | "section_74_warning_acknowledged" | "section_74_site_visited_and_rectified" | "section_74_charges_ended" | "section_74_warning_disputed" | "section_74_withdrawn" | "section_74_draft_invoice_issued" | "section_74_resolved" | "section_74_draft_invoice_acknowledged" | "section_74_charge_under_review" | "section_74_charge_agreed" | "alteration_duration_challenge_accepted" | "alteration_duration_challenge_not_accepted" | "alteration_duration_challenge_non_acceptance_response" | "permit_duration_challenge_accepted" | "permit_duration_challenge_not_accepted" | "permit_duration_challenge_non_acceptance_response" | "section_58_created" | "section_58_progressed" | "section_58_cancelled" | "section_58_closed" | "reinstatement_deleted" | "site_deleted" | "inspection_deleted" | "site_subsumed" | "fpn_deleted" | "current_traffic_management_type_updated" | "ancillary_info_added" | "ancillary_info_removed" | "sample_inspection_issued" | "inspection_outcome_accepted" | "inspection_outcome_disputed" | "inspection_outcome_promoter_accepts_failed_inspection" | "sample_inspection_target_deleted" | "sample_inspection_quarter_started" | "sample_inspection_quarter_ended" | "fee_matrix_updated" | "organisation_fpn_details_updated" | "inspection_auto_accepted" | "sample_inspection_quarter_end_reverted" | "private_street_notice_issued" | "private_street_notice_cancelled" | "non_compliance_issued" | "non_compliance_withdrawn" | "non_compliance_resolved" | "inspection_linked_to_non_compliance" | "permit_linked_to_non_compliance" | "inspection_outcome_joint_site_meeting_needed" | "inspection_outcome_reviewing_dispute" | "inspection_outcome_no_agreement" | "non_compliance_works_completed_and_passed" | "non_compliance_joint_site_meeting_suggested" | "non_compliance_will_attend_joint_site_meeting" | "non_compliance_works_complete_ready_for_inspection" | "non_compliance_joint_site_meeting_not_needed" | "event_subscription_created" | "event_subscription_removed" | "material_classification_submitted" | "non_compliance_accept_suggestion" | "permit_under_assessment" | "alteration_revoked" | "change_request_submitted" | "change_request_refused" | "change_request_granted" | "change_request_granted_with_duration_challenge" | "change_request_deemed" | "change_request_cancelled" | "change_request_applied_auto" | "change_request_duration_challenge_accepted" | "change_request_duration_challenge_not_accepted" | "change_request_duration_challenge_non_acceptance_response" | "change_request_revoked";
        /**
         * AuditObjectTypeResponse
         * @description Type of the object an update is about. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        AuditObjectTypeResponse: "permit" | "reinstatement" | "inspection" | "fpn" | "paa" | "workstream" | "work" | "organisation" | "activity" | "forward_plan" | "comment" | "scheduled_inspection" | "section_81" | "user" | "geographical_area" | "change_request" | "application" | "sample_inspection" | "section_74" | "section_58" | "site" | "sample_inspection_target" | "fee_matrix" | "non_compliance" | "private_street" | "event_subscription" | "material_classification" | "upcoming_enum";
        /**
         * WorkUpdateSummary
         * @description One update record: something happened to a work.
         */
        WorkUpdateSummary: {
            work_reference_number: components["schemas"]["WorkReferenceNumber"];
            /**
             * Format: date-time
             * @description When the event happened.
             */
            update_date_time: string;
            /**
             * Format: double
             * @description Cursor value. Unique and increasing in the order updates become visible (ids are allocated at commit time), so a poller that follows the cursor never skips an update that commits late.
             */
            update_id: number;
            event_type: components["schemas"]["AuditEventType"];
            /** @description Text form of `event_type`. */
            event_type_string: string;
            object_type: components["schemas"]["AuditObjectTypeResponse"];
            /** @description Text form of `object_type`. */
            object_type_string: string;
            /** @description Reference of the object's parent (for a permit, inspection or comment, the work reference number). */
            parent_object_reference_number?: string | null;
            /** @description Reference of the object the update is about (for example a permit reference number). */
            object_reference_number?: string | null;
        };
        /**
         * WorkUpdateResponse
         * @description A page of the update feed.
         */
        WorkUpdateResponse: {
            /** @description Updates in ascending `update_id` order. */
            rows: components["schemas"]["WorkUpdateSummary"][];
            /**
             * Format: double
             * @description Cursor for the next call: send it back as the `update_id` query parameter. It is the `update_id` of the last row of this page, so "updates with ids above it" starts exactly at the next result and nothing is skipped; for a page that ended early because the call read its bound of update ids, the last update id read (the page then holds fewer rows than `page_size`, or none). Null when no further results exist. For a stale `update_id` (more than seven days old) with no results it is a replacement cursor: the latest `update_id` that is at least one hour old; for a recent `update_id` with no results it is absent.
             */
            next_update?: number | null;
        };
        /**
         * PermitSearchRequest
         * @description Which permits to return, and where to continue.
         */
        PermitSearchRequest: {
            /** @description Works whose permits to return: unique, non-null, at most 1000 entries of at most 24 characters. References that do not exist, or that the caller may not see, are left out of the result without an error (so the answer never tells whether another organisation's reference exists). Omitted or null: every permit visible to the caller. */
            work_reference_numbers?: string[] | null;
            /**
             * Format: double
             * @description The `next_cursor` of the previous response, to continue. Omitted, null or 0 starts at the beginning. A whole number up to 9007199254740991 (2^53 - 1).
             */
            next_cursor?: number | null;
            /**
             * Format: double
             * @description Permits per response, an integer from 100 to 500. Omitted or null means 100.
             * @default 100
             */
            page_size?: number | null;
        };
        /**
         * WorkCategoryResponse
         * @description Category of the works. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        WorkCategoryResponse: "minor" | "standard" | "major" | "immediate_urgent" | "immediate_emergency" | "paa" | "hs2_highway" | "upcoming_enum";
        /**
         * TrafficManagementTypeResponse
         * @description Type of traffic management used on site. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        TrafficManagementTypeResponse: "road_closure" | "contra_flow" | "lane_closure" | "multi_way_signals" | "two_way_signals" | "convoy_workings" | "stop_go_boards" | "priority_working" | "give_and_take" | "some_carriageway_incursion" | "no_carriageway_incursion" | "upcoming_enum";
        /**
         * PermitStatusResponse
         * @description Status of the permit. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        PermitStatusResponse: "submitted" | "granted" | "permit_modification_request" | "refused" | "closed" | "cancelled" | "revoked" | "progressed" | "upcoming_enum";
        /**
         * WorkStatusResponse
         * @description Status of the works. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        WorkStatusResponse: "planned" | "in_progress" | "completed" | "cancelled" | "unattributable" | "historical" | "non_notifiable" | "section_81" | "upcoming_enum";
        /**
         * ActivityTypeResponse
         * @description Type of activity the works are for. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        ActivityTypeResponse: "highway_improvement_works" | "highway_repair_and_maintenance_works" | "utility_asset_works" | "utility_repair_and_maintenance_works" | "diversionary_works" | "disconnection_or_alteration_of_supply" | "permanent_reinstatement" | "remedial_works" | "section_58" | "section_50" | "core_sampling" | "statutory_infrastructure_works" | "works_for_rail_purposes" | "works_for_road_purposes" | "new_service_connection" | "optional_permit_no_fee" | "upcoming_enum";
        /**
         * AssessmentStatusResponse
         * @description Outcome of the highway authority's assessment of the permit application. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        AssessmentStatusResponse: "granted" | "granted_auto" | "refused" | "refused_auto" | "permit_modification_request" | "revoked" | "upcoming_enum";
        /**
         * PermitConditionTypeResponse
         * @description National permit condition type (NCT code). The meaning of each code is not given by the interface document; the texts in `x-enumDescriptions` are the ones this service answers in `condition_string`. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        PermitConditionTypeResponse: "NCT01a" | "NCT01b" | "NCT02a" | "NCT02b" | "NCT04a" | "NCT04b" | "NCT05a" | "NCT06a" | "NCT07a" | "NCT08a" | "NCT08b" | "NCT09a" | "NCT09b" | "NCT09c" | "NCT10a" | "NCT11a" | "NCT11b" | "NCT12a" | "upcoming_enum";
        /**
         * PermitCondition
         * @description A condition attached to a permit.
         */
        PermitCondition: {
            condition: components["schemas"]["PermitConditionTypeResponse"];
            /** @description Text form of `condition`. */
            condition_string: string;
            /** @description Free text that details the condition. */
            comment?: string | null;
        };
        /**
         * LaneRentalAssessmentOutcomeResponse
         * @description Outcome of the lane rental assessment. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
         * @enum {string}
         */
        LaneRentalAssessmentOutcomeResponse: "chargeable" | "potentially_chargeable" | "charges_waived" | "exempt" | "charges_not_applicable" | "upcoming_enum";
        /**
         * PermitSummaryResponse
         * @description Summary of one permit.
         */
        PermitSummaryResponse: {
            work_reference_number: components["schemas"]["WorkReferenceNumber"];
            /** @description Permit reference number: the work reference number followed by `-` and a two-digit sequence (for example `TSR1591199404915-01`); the format is a decision of this service, the interface document does not show it. */
            permit_reference_number: string;
            /** @description Street works authority (SWA) code of the promoter: up to 4 characters, for example `7001`. */
            promoter_swa_code: string;
            /** @description Name of the promoter organisation. */
            promoter_organisation: string;
            /** @description Name of the highway authority. */
            highway_authority: string;
            /** @description Location of the works. Untyped in the interface document (any JSON value); this service answers a GeoJSON geometry (`Point`, `LineString` or `Polygon`) in British National Grid (EPSG:27700) easting and northing. Clients must accept any JSON value here. */
            works_coordinates: unknown;
            /** @description Description of the location of the works. */
            location_description: string;
            /** @description Street name. */
            street: string;
            /** @description Town. */
            town: string;
            /** @description Area. */
            area: string;
            /** @description Description of the works. */
            description_of_work: string;
            work_category: components["schemas"]["WorkCategoryResponse"];
            /** @description Text form of `work_category`. */
            work_category_string: string;
            traffic_management_type: components["schemas"]["TrafficManagementTypeResponse"];
            /** @description Text form of `traffic_management_type`. */
            traffic_management_type_string: string;
            /**
             * Format: date-time
             * @description Proposed start date of the works.
             */
            proposed_start_date: string;
            /**
             * Format: date-time
             * @description Proposed end date of the works.
             */
            proposed_end_date: string;
            status: components["schemas"]["PermitStatusResponse"];
            /** @description Text form of `status`. */
            status_string: string;
            work_status: components["schemas"]["WorkStatusResponse"];
            /** @description Text form of `work_status`. */
            work_status_string: string;
            /**
             * Format: date-time
             * @description Date by which the highway authority must assess the permit.
             */
            deadline_date: string;
            /**
             * Format: date-time
             * @description When the permit was created.
             */
            date_created: string;
            /**
             * Format: date-time
             * @description When `status` last changed.
             */
            status_changed_date: string;
            /**
             * Format: double
             * @description Unique street reference number (USRN) of the street; this service issues whole numbers from 1000001 to 99999999.
             */
            usrn: number;
            /**
             * Format: double
             * @description Road category of the street (reinstatement category, 0 to 4).
             */
            road_category: number;
            /** @description Whether this is the work's active permit. */
            is_active_permit: boolean;
            /** @description Whether the street is traffic sensitive at the time of the works. */
            is_traffic_sensitive: boolean;
            /** @description Whether the works need no final reinstatement. */
            has_no_final_reinstatement: boolean;
            /** @description Whether the permit was deemed granted. */
            is_deemed: boolean;
            /** @description The permit's excavation indicator. */
            excavation_carried_out: boolean;
            /** @description Whether the works start earlier than the notice period allows. */
            is_early_start: boolean;
            /** @description Whether the traffic management is high impact. */
            is_high_impact_traffic_management: boolean;
            /** @description Whether the street is subject to lane rental. */
            is_lane_rental: boolean;
            /** @description Whether lane rental charges are not agreed. */
            lane_rental_charges_not_agreed: boolean;
            /** @description Whether lane rental charges potentially apply. */
            lane_rental_charges_potentially_apply: boolean;
            activity_type: components["schemas"]["ActivityTypeResponse"];
            /** @description Text form of `activity_type`. */
            activity_type_string: string;
            /** @description Outcome of the assessment; null until assessed. */
            assessment_status?: components["schemas"]["AssessmentStatusResponse"] | null;
            /** @description Text form of `assessment_status`. */
            assessment_status_string?: string | null;
            /**
             * Format: date-time
             * @description Proposed start time.
             */
            proposed_start_time?: string | null;
            /**
             * Format: date-time
             * @description Proposed end time.
             */
            proposed_end_time?: string | null;
            /**
             * Format: date-time
             * @description When the works actually started.
             */
            actual_start_date?: string | null;
            /**
             * Format: date-time
             * @description When the works actually ended.
             */
            actual_end_date?: string | null;
            /** @description Conditions attached to the permit. */
            permit_conditions?: components["schemas"]["PermitCondition"][] | null;
            /** @description Outcome of the lane rental assessment. */
            lane_rental_assessment_outcome?: components["schemas"]["LaneRentalAssessmentOutcomeResponse"] | null;
            /** @description Text form of `lane_rental_assessment_outcome`. */
            lane_rental_assessment_outcome_string?: string | null;
            /**
             * Format: date-time
             * @description Deadline for turning a provisional advance authorisation into a permit application.
             */
            paa_to_pa_deadline_date?: string | null;
        };
        /**
         * PermitSearchReportingResponse
         * @description A page of permit summaries.
         */
        PermitSearchReportingResponse: {
            rows: components["schemas"]["PermitSummaryResponse"][];
            /**
             * Format: double
             * @description Where the next page starts: send it back as `next_cursor`. It is the position of the last permit returned (an internal id, ascending); for a page with no permits, the `next_cursor` that was sent (`0` for none). A page with fewer permits than `page_size` is the last: stop there, or at the first empty page. Following the cursor only ever moves forward, so sending an answer's `next_cursor` back never reads a permit twice. Always a number, as the interface document requires (clients generated from it refuse `null`).
             */
            next_cursor: number;
        };
        /**
         * InternalUserIdentifier
         * @description The caller's own identifier of the person acting, at most 100 characters. It is stored with the events the request causes and accompanies their notifications.
         */
        InternalUserIdentifier: string | null;
        /**
         * InternalUserName
         * @description The caller's own name of the person acting, at most 100 characters. It is stored with the events the request causes and accompanies their notifications.
         */
        InternalUserName: string | null;
        /**
         * SubscriptionCreateRequest
         * @description The endpoint to notify, for the caller's organisation.
         */
        SubscriptionCreateRequest: {
            /**
             * Format: uri
             * @description Absolute `http` or `https` URL that receives the confirmation message and then the notifications. At most 2048 characters; no user name or password in the URL. Endpoints that resolve to loopback, private, link-local, shared (CGNAT), multicast or reserved addresses are refused unless the service's configuration allows them.
             */
            api_endpoint: string;
            /** @description Free text describing the subscription, at most 100 characters. Omitted means an empty description. */
            subscription_description?: string;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        /**
         * SubscriptionReferenceNumber
         * @description Reference of a subscription. Its format is not shown by the interface document; this service issues `SUB-` followed by 26 upper-case letters and digits, and treats it as opaque. At most 64 characters: a longer value is refused with `400` (validation) before it is looked up, whereas an unknown reference of 64 characters or fewer is `404`.
         * @example SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y
         */
        SubscriptionReferenceNumber: string;
        /**
         * SubscriptionCreateResponse
         * @description The new, unconfirmed subscription.
         */
        SubscriptionCreateResponse: {
            subscription_reference_number: components["schemas"]["SubscriptionReferenceNumber"];
        };
        /**
         * SubscriptionRemoveRequest
         * @description Which subscription to remove. No field is required: an organisation has one subscription, so an omitted `subscription_reference_number` means the caller's organisation's subscription (for a contractor, its subscription for every organisation it contracts for).
         */
        SubscriptionRemoveRequest: {
            subscription_reference_number?: components["schemas"]["SubscriptionReferenceNumber"];
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        /**
         * GetSubscriptionsResponse
         * @description One subscription.
         */
        GetSubscriptionsResponse: {
            subscription_reference_number: components["schemas"]["SubscriptionReferenceNumber"];
            /** @description The description given on subscribe; empty when none was given. */
            subscription_description: string;
            /** @description The endpoint notified (the `api_endpoint` given on subscribe). */
            subscription_url: string;
        };
        /**
         * TopicArn
         * @description ARN-shaped name of the subscription the message belongs to: `arn:street-events:sns:<region>:<account>:<subscription reference number>` (in this service the region is `eu-west-2` and the account `000000000000`). The same on every message of a subscription: allow-list it, as receivers written for the permitting system's notifications do. The subscription reference number is its last segment.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y
         */
        TopicArn: string;
        /**
         * SubscriptionConfirmationMessage
         * @description Sent once to a new subscription's endpoint. Nothing else is delivered until the receiver confirms by an HTTP GET of `SubscribeURL` within 48 hours; unconfirmed subscriptions are then removed. The URL carries a single-use token and needs no other credential.
         */
        SubscriptionConfirmationMessage: {
            /** @constant */
            Type: "SubscriptionConfirmation";
            /** @description Unique identifier of the message; equal to the `webhook-id` header. */
            MessageId: string;
            /** @description The single-use confirmation token, also carried in `SubscribeURL`. */
            Token: string;
            TopicArn: components["schemas"]["TopicArn"];
            /** @description Human-readable instructions. */
            Message: string;
            /**
             * Format: uri
             * @description GET this URL to confirm the subscription.
             */
            SubscribeURL: string;
            /**
             * Format: date-time
             * @description When the message was created.
             */
            Timestamp: string;
            /**
             * @description `1`: `Signature` is SHA1withRSA (the default, and what receivers written for the permitting system's notifications expect); `2`: SHA256withRSA (the operator sets `PUBSUB_SIGNATURE_VERSION=2`).
             * @enum {string}
             */
            SignatureVersion: "1" | "2";
            /** @description The base64 RSA signature, by the key of the certificate at `SigningCertURL`, of the canonical string of this message: `Message`, `MessageId`, `SubscribeURL`, `Timestamp`, `Token`, `TopicArn` and `Type`, each as its name, a line feed, its value and a line feed. */
            Signature: string;
            /**
             * Format: uri
             * @description The X.509 certificate (PEM) whose key made `Signature`, served by this service under the base URL the subscription was made through. Check that its host is that service's host before trusting it; the certificate is self-signed.
             */
            SigningCertURL: string;
        };
        /**
         * SubscriptionConfirmedResponse
         * @description The answer to a GET of a confirmation message's `SubscribeURL`.
         * @example {
         *       "subscription_reference_number": "SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y",
         *       "status": "confirmed"
         *     }
         */
        SubscriptionConfirmedResponse: {
            subscription_reference_number: components["schemas"]["SubscriptionReferenceNumber"];
            /** @constant */
            status: "confirmed";
        };
        /**
         * WebhookPublicKey
         * @description One ed25519 public key (RFC 8037). `kid` is its RFC 7638 thumbprint.
         */
        WebhookPublicKey: {
            /** @constant */
            kty: "OKP";
            /** @constant */
            crv: "Ed25519";
            /** @description The public key, base64url without padding. */
            x: string;
            /** @description Key id, the base64url SHA-256 thumbprint of the key (RFC 7638). */
            kid: string;
            /** @constant */
            use: "sig";
            /** @constant */
            alg: "EdDSA";
        };
        /**
         * WebhookKeySet
         * @description The public keys of the Standard Webhooks signatures (`webhook-signature`), as a JSON Web Key Set (RFC 7517). Every active key signs every message; during a rotation two keys are listed. Cache it for up to 5 minutes (`cache-control: public, max-age=300`) and fetch it again when a `v1a` signature matches no key you hold.
         * @example {
         *       "keys": [
         *         {
         *           "kty": "OKP",
         *           "crv": "Ed25519",
         *           "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
         *           "kid": "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs",
         *           "use": "sig",
         *           "alg": "EdDSA"
         *         }
         *       ]
         *     }
         */
        WebhookKeySet: {
            /** @description The active keys, oldest first. The service makes the first key when it starts. */
            keys: components["schemas"]["WebhookPublicKey"][];
        };
        /**
         * NotificationMessage
         * @description One event regarding the subscriber's organisation. Delivered at least once: a message can arrive again after a failure, always with the same `MessageId` and `webhook-id`, so receivers deduplicate on it. For one subscription, messages about the same work arrive in `update_id` order.
         */
        NotificationMessage: {
            /** @constant */
            Type: "Notification";
            /** @description Unique identifier of the message; equal to the `webhook-id` header and the same on every retry. */
            MessageId: string;
            TopicArn: components["schemas"]["TopicArn"];
            /** @description The notification payload (`NotificationPayload`) serialised as a JSON string. */
            Message: string;
            /**
             * Format: date-time
             * @description When the message was created.
             */
            Timestamp: string;
            /**
             * @description `1`: `Signature` is SHA1withRSA (the default, and what receivers written for the permitting system's notifications expect); `2`: SHA256withRSA (the operator sets `PUBSUB_SIGNATURE_VERSION=2`).
             * @enum {string}
             */
            SignatureVersion: "1" | "2";
            /** @description The base64 RSA signature, by the key of the certificate at `SigningCertURL`, of the canonical string of this message: `Message`, `MessageId`, `Subject` (never sent by this service), `Timestamp`, `TopicArn` and `Type`, each as its name, a line feed, its value and a line feed. */
            Signature: string;
            /**
             * Format: uri
             * @description The X.509 certificate (PEM) whose key made `Signature`, served by this service under the base URL the subscription was made through. Check that its host is that service's host before trusting it; the certificate is self-signed.
             */
            SigningCertURL: string;
            /**
             * Format: uri
             * @description A GET of this link removes the subscription, like `POST /api-notifications/unsubscribe` (it records `event_subscription_removed` without an acting user). It carries a token made for this subscription alone and answers `200` with `{"subscription_reference_number": "...", "status": "unsubscribed"}`, or `404` when the subscription is gone or the token is not its own. Not an operation of this document.
             */
            UnsubscribeURL: string;
        };
        /**
         * SubscriptionUnsubscribedResponse
         * @description The answer to a GET of a notification's `UnsubscribeURL`.
         * @example {
         *       "subscription_reference_number": "SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y",
         *       "status": "unsubscribed"
         *     }
         */
        SubscriptionUnsubscribedResponse: {
            subscription_reference_number: components["schemas"]["SubscriptionReferenceNumber"];
            /** @constant */
            status: "unsubscribed";
        };
        /** @description An audit event the operation recorded, as committed. */
        InternalRecordedEvent: {
            update_id: number;
            /** Format: date-time */
            update_date_time: string;
            event_type: components["schemas"]["AuditEventType"];
            object_type: components["schemas"]["AuditObjectTypeResponse"];
            object_reference_number: string | null;
            parent_object_reference_number: string | null;
        };
        /** @description A new work with its first permit application. The permit fields stand beside the work fields. */
        InternalWorkSubmission: {
            /** @description Up to 24 letters, digits, `-` and `_`. */
            work_reference_number: string;
            promoter_swa_code: string;
            highway_authority_swa_code: string;
            /** @description The promoter's workstream; `000` by default. */
            workstream_prefix?: string;
            /** @description Street name. */
            street: string;
            /** @description Town. */
            town: string;
            /** @description Area. */
            area: string;
            /** @description Unique street reference number. */
            usrn: number;
            road_category: number;
            works_coordinates: components["schemas"]["InternalWorksCoordinates"];
            /** @description Description of the location of the works. */
            location_description: string;
            /** @description Description of the works. */
            description_of_work: string;
            /** @enum {unknown} */
            work_category: "minor" | "standard" | "major" | "immediate_urgent" | "immediate_emergency" | "paa" | "hs2_highway";
            /** @enum {unknown} */
            traffic_management_type: "road_closure" | "contra_flow" | "lane_closure" | "multi_way_signals" | "two_way_signals" | "convoy_workings" | "stop_go_boards" | "priority_working" | "give_and_take" | "some_carriageway_incursion" | "no_carriageway_incursion";
            /** @enum {unknown} */
            activity_type: "highway_improvement_works" | "highway_repair_and_maintenance_works" | "utility_asset_works" | "utility_repair_and_maintenance_works" | "diversionary_works" | "disconnection_or_alteration_of_supply" | "permanent_reinstatement" | "remedial_works" | "section_58" | "section_50" | "core_sampling" | "statutory_infrastructure_works" | "works_for_rail_purposes" | "works_for_road_purposes" | "new_service_connection" | "optional_permit_no_fee";
            /**
             * Format: date-time
             * @description Proposed start.
             */
            proposed_start_date: string;
            /**
             * Format: date-time
             * @description Proposed end; not before the start.
             */
            proposed_end_date: string;
            /** Format: date-time */
            proposed_start_time?: string | null;
            /** Format: date-time */
            proposed_end_time?: string | null;
            /** @description Traffic-sensitive street or time. */
            is_traffic_sensitive?: boolean;
            /** @description The works excavate. */
            excavation_carried_out?: boolean;
            /** @description Early start asked for. */
            is_early_start?: boolean;
            /** @description High-impact traffic management. */
            is_high_impact_traffic_management?: boolean;
            /** @description Lane rental applies. */
            is_lane_rental?: boolean;
            /** @description Lane rental charges not agreed. */
            lane_rental_charges_not_agreed?: boolean;
            /** @description Lane rental charges may apply. */
            lane_rental_charges_potentially_apply?: boolean;
            /** @enum {unknown} */
            lane_rental_assessment_outcome?: "chargeable" | "potentially_chargeable" | "charges_waived" | "exempt" | "charges_not_applicable" | null;
            /** @description No final reinstatement. */
            has_no_final_reinstatement?: boolean;
            permit_conditions?: {
                /** @enum {unknown} */
                condition: "NCT01a" | "NCT01b" | "NCT02a" | "NCT02b" | "NCT04a" | "NCT04b" | "NCT05a" | "NCT06a" | "NCT07a" | "NCT08a" | "NCT08b" | "NCT09a" | "NCT09b" | "NCT09c" | "NCT10a" | "NCT11a" | "NCT11b" | "NCT12a";
                comment?: string | null;
            }[];
            /** @description Immediate works only: the work started as the permit was submitted. */
            started_on_submission?: boolean;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        /** @description A GeoJSON Point, LineString or Polygon in British National Grid (EPSG:27700) eastings and northings. */
        InternalWorksCoordinates: {
            /** @constant */
            type: "Point";
            coordinates: components["schemas"]["InternalPosition"];
        } | {
            /** @constant */
            type: "LineString";
            coordinates: components["schemas"]["InternalPosition"][];
        } | {
            /** @constant */
            type: "Polygon";
            coordinates: components["schemas"]["InternalPosition"][][];
        };
        InternalPosition: number[];
        InternalPermitTransition: {
            /**
             * @description The permit event to record.
             * @enum {unknown}
             */
            event_type: "permit_granted" | "permit_granted_with_duration_challenge" | "permit_deemed" | "permit_refused" | "permit_modification_request" | "permit_revoked" | "permit_cancelled" | "work_start_logged" | "work_stop_logged" | "work_start_reverted" | "work_stop_reverted" | "ancillary_info_added" | "ancillary_info_removed";
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalChangeRequestSubmission: {
            /** @enum {unknown} */
            kind: "alteration" | "change_request";
            /**
             * Format: date-time
             * @description New proposed start; unchanged when left out.
             */
            proposed_start_date?: string;
            /**
             * Format: date-time
             * @description New proposed end; unchanged when left out.
             */
            proposed_end_date?: string;
            /** @enum {unknown} */
            traffic_management_type?: "road_closure" | "contra_flow" | "lane_closure" | "multi_way_signals" | "two_way_signals" | "convoy_workings" | "stop_go_boards" | "priority_working" | "give_and_take" | "some_carriageway_incursion" | "no_carriageway_incursion";
            /** @description New description of the works. */
            description_of_work?: string;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalChangeRequestDecision: {
            /** @enum {unknown} */
            decision: "granted" | "refused" | "cancelled";
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalObjectOpening: {
            /** @enum {unknown} */
            object_type: "inspection" | "sample_inspection" | "fpn" | "comment" | "reinstatement" | "section_81" | "section_74" | "section_58" | "paa" | "non_compliance" | "private_street" | "forward_plan" | "scheduled_inspection";
            /**
             * @description One of the events that create a record of `object_type`.
             * @enum {unknown}
             */
            event_type: "inspection_passed" | "inspection_failed" | "inspection_unable_to_carry_out" | "inspection_further_required" | "inspection_agreed_site_compliance" | "inspection_works_stopped" | "inspection_works_stopped_apparatus_remaining" | "inspection_works_in_progress" | "inspection_works_in_progress_no_carriageway_incursion" | "inspection_non_compliant_with_conditions" | "sample_inspection_created" | "fpn_submitted" | "comment_submitted" | "internal_comment_submitted" | "reinstatement_submitted" | "section_81_submitted" | "section_74_warning_issued" | "section_58_created" | "paa_submitted" | "non_compliance_issued" | "private_street_notice_issued" | "forward_plan_submitted" | "scheduled_inspection_created";
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalObjectTransition: {
            /**
             * @description One of the events that move a record of the record's type on.
             * @enum {unknown}
             */
            event_type: "inspection_outcome_accepted" | "inspection_outcome_promoter_accepts_failed_inspection" | "inspection_auto_accepted" | "inspection_outcome_disputed" | "inspection_outcome_reviewing_dispute" | "inspection_outcome_joint_site_meeting_needed" | "inspection_outcome_no_agreement" | "inspection_withdraw_defect" | "inspection_linked_to_non_compliance" | "inspection_units_logged" | "inspection_withdrawn" | "inspection_deleted" | "sample_inspection_issued" | "sample_inspection_completed" | "sample_inspection_removed" | "sample_inspection_expired" | "fpn_accepted" | "fpn_disputed" | "fpn_paid" | "fpn_withdrawn" | "fpn_deleted" | "comment_read" | "final_reinstatement_updated" | "reinstatement_deleted" | "section_81_acknowledged" | "section_81_accepted" | "section_81_accepted_fixed" | "section_81_linked_to_permit" | "section_81_unlinked_from_permit" | "section_81_reassigned" | "section_81_rejected" | "section_81_resolved_by_ha" | "section_81_cancelled" | "section_74_warning_acknowledged" | "section_74_warning_disputed" | "section_74_site_visited_and_rectified" | "section_74_charges_ended" | "section_74_withdrawn" | "section_74_draft_invoice_issued" | "section_74_draft_invoice_acknowledged" | "section_74_charge_under_review" | "section_74_charge_agreed" | "section_74_resolved" | "section_58_progressed" | "section_58_cancelled" | "section_58_closed" | "paa_granted" | "paa_deemed" | "paa_refused" | "paa_discount_updated" | "paa_cancelled" | "paa_revoked" | "non_compliance_joint_site_meeting_suggested" | "non_compliance_accept_suggestion" | "non_compliance_will_attend_joint_site_meeting" | "non_compliance_joint_site_meeting_not_needed" | "non_compliance_works_complete_ready_for_inspection" | "non_compliance_works_completed_and_passed" | "non_compliance_resolved" | "non_compliance_withdrawn" | "private_street_notice_cancelled" | "forward_plan_edited" | "forward_plan_cancelled" | "scheduled_inspection_cancelled";
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalQuarterEnd: {
            /** @description The highway authority: its swa_code or its name. */
            highway_authority: string;
            /** @description A calendar quarter (UTC), e.g. `2025-Q3`. */
            quarter: string;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        /** @description An event of any kind to bring about for an organisation, with what it needs first (a work, a permit assessed, a record to move on). */
        InternalTrigger: {
            /**
             * @description The kind of event.
             * @enum {unknown}
             */
            event_type: "historic_action" | "inspection_passed" | "inspection_failed" | "inspection_unable_to_carry_out" | "inspection_further_required" | "inspection_withdraw_defect" | "inspection_agreed_site_compliance" | "activity_submitted" | "activity_edited" | "activity_cancelled" | "fpn_submitted" | "fpn_accepted" | "fpn_paid" | "fpn_disputed" | "fpn_withdrawn" | "permit_granted" | "permit_refused" | "permit_cancelled" | "permit_revoked" | "permit_deemed" | "paa_granted" | "paa_refused" | "paa_cancelled" | "paa_revoked" | "alteration_submitted" | "alteration_refused" | "alteration_granted" | "alteration_granted_with_duration_challenge" | "alteration_deemed" | "alteration_cancelled" | "lane_rental_assessed" | "reinstatement_submitted" | "file_uploaded" | "comment_submitted" | "work_start_logged" | "work_stop_logged" | "work_start_reverted" | "work_stop_reverted" | "forward_plan_submitted" | "forward_plan_cancelled" | "user_removed" | "user_invited" | "inspection_units_logged" | "permit_submitted" | "paa_submitted" | "forward_plan_edited" | "permit_discount_updated" | "paa_discount_updated" | "paa_deemed" | "organisation_contract_added" | "organisation_contract_removed" | "organisation_updated" | "workstream_created" | "workstream_updated" | "inspection_works_stopped" | "inspection_works_stopped_apparatus_remaining" | "inspection_works_in_progress" | "inspection_works_in_progress_no_carriageway_incursion" | "inspection_non_compliant_with_conditions" | "permit_modification_request" | "scheduled_inspection_cancelled" | "scheduled_inspection_created" | "alteration_applied_auto" | "section_81_submitted" | "final_reinstatement_updated" | "section_81_acknowledged" | "section_81_accepted" | "section_81_accepted_fixed" | "section_81_rejected" | "section_81_resolved_by_ha" | "section_81_cancelled" | "user_roles_updated" | "support_desk_action" | "user_name_updated" | "permit_hs2_acknowledged" | "geographical_area_created" | "geographical_area_updated" | "workstream_access_updated" | "planned_works_record_created" | "in_progress_works_record_created" | "historic_works_record_created" | "non_notifiable_works_record_created" | "section_81_works_record_created" | "unattributable_works_record_created" | "sample_inspection_target_created" | "sample_inspection_target_updated" | "sample_inspection_created" | "sample_inspection_completed" | "sample_inspection_removed" | "sample_inspection_expired" | "internal_comment_submitted" | "comment_read" | "excavation_carried_out_updated" | "sample_inspection_target_closed" | "section_81_linked_to_permit" | "section_81_unlinked_from_permit" | "section_81_reassigned" | "permit_granted_with_duration_challenge" | "inspection_withdrawn" | "section_74_warning_issued" | "section_74_warning_acknowledged" | "section_74_site_visited_and_rectified" | "section_74_charges_ended" | "section_74_warning_disputed" | "section_74_withdrawn" | "section_74_draft_invoice_issued" | "section_74_resolved" | "section_74_draft_invoice_acknowledged" | "section_74_charge_under_review" | "section_74_charge_agreed" | "alteration_duration_challenge_accepted" | "alteration_duration_challenge_not_accepted" | "alteration_duration_challenge_non_acceptance_response" | "permit_duration_challenge_accepted" | "permit_duration_challenge_not_accepted" | "permit_duration_challenge_non_acceptance_response" | "section_58_created" | "section_58_progressed" | "section_58_cancelled" | "section_58_closed" | "reinstatement_deleted" | "site_deleted" | "inspection_deleted" | "site_subsumed" | "fpn_deleted" | "current_traffic_management_type_updated" | "ancillary_info_added" | "ancillary_info_removed" | "sample_inspection_issued" | "inspection_outcome_accepted" | "inspection_outcome_disputed" | "inspection_outcome_promoter_accepts_failed_inspection" | "sample_inspection_target_deleted" | "sample_inspection_quarter_started" | "sample_inspection_quarter_ended" | "fee_matrix_updated" | "organisation_fpn_details_updated" | "inspection_auto_accepted" | "sample_inspection_quarter_end_reverted" | "private_street_notice_issued" | "private_street_notice_cancelled" | "non_compliance_issued" | "non_compliance_withdrawn" | "non_compliance_resolved" | "inspection_linked_to_non_compliance" | "permit_linked_to_non_compliance" | "inspection_outcome_joint_site_meeting_needed" | "inspection_outcome_reviewing_dispute" | "inspection_outcome_no_agreement" | "non_compliance_works_completed_and_passed" | "non_compliance_joint_site_meeting_suggested" | "non_compliance_will_attend_joint_site_meeting" | "non_compliance_works_complete_ready_for_inspection" | "non_compliance_joint_site_meeting_not_needed" | "event_subscription_created" | "event_subscription_removed" | "material_classification_submitted" | "non_compliance_accept_suggestion" | "permit_under_assessment" | "alteration_revoked" | "change_request_submitted" | "change_request_refused" | "change_request_granted" | "change_request_granted_with_duration_challenge" | "change_request_deemed" | "change_request_cancelled" | "change_request_applied_auto" | "change_request_duration_challenge_accepted" | "change_request_duration_challenge_not_accepted" | "change_request_duration_challenge_non_acceptance_response" | "change_request_revoked";
            /** @description The promoter, highway authority or contractor the event is for: its swa_code or its name. */
            organisation: string;
            /** @description A work the organisation takes part in, to act on; by default a new one. */
            work_reference_number?: string;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        InternalContract: {
            /** @description The contractor: its swa_code or its name. */
            contractor: string;
            /** @description The promoter: its swa_code or its name. */
            promoter: string;
            internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
            internal_user_name?: components["schemas"]["InternalUserName"];
        };
        /** @description A subscription, its organisation, endpoint and state. */
        InternalSubscription: {
            /** @description The subscription reference. */
            subscription_reference_number: string;
            /** @description The subscribing organisation. */
            organisation: {
                name: string;
                /** @enum {unknown} */
                kind: "promoter" | "highway_authority" | "contractor";
                swa_code: string | null;
            };
            /** @enum {unknown} */
            status: "unconfirmed" | "confirmed";
            api_endpoint: string;
            description: string;
            /** Format: date-time */
            created_at: string;
            confirmed_at: string | null;
            /** @description Since when its endpoint has failed every attempt: it gets one attempt at a time until one succeeds, and is disabled (removed) after `WEBHOOK_DISABLE_AFTER_DAYS`. Null while the endpoint takes deliveries. */
            failing_since: string | null;
        };
        /** @description Subscriptions, by organisation name. */
        InternalSubscriptionList: {
            subscriptions: components["schemas"]["InternalSubscription"][];
        };
        /** @description Where an organisation's subscription points. Without a subscription, one is created (its confirmation is sent to the endpoint). Confirming on the receiver's behalf, and changing an existing subscription, only in the sandbox. */
        InternalSubscriptionPointing: {
            /**
             * Format: uri
             * @description Absolute `http` or `https` URL that receives the confirmation message and then the notifications. At most 2048 characters; no user name or password in the URL. Endpoints that resolve to loopback, private, link-local, shared (CGNAT), multicast or reserved addresses are refused unless the service's configuration allows them.
             */
            api_endpoint: string;
            /**
             * @description `confirmed`: confirmed at once, without the handshake (sandbox only). Left out: unchanged.
             * @enum {unknown}
             */
            status?: "unconfirmed" | "confirmed";
        };
        /** @description One delivery attempt, as sent and as answered. */
        InternalAttempt: {
            /** Format: date-time */
            attempted_at: string;
            endpoint: string;
            /** @description The HTTP status answered; null when there was no answer. */
            status: number | null;
            /** @description Why there was no answer (connection, time limit, refused address). */
            error: string | null;
            /** @description Until the answer's head, or the failure. */
            latency_ms: number;
            /** @description The first KiB of the answer's body. */
            response_excerpt: string | null;
            request_headers: {
                [key: string]: string;
            };
            /** @description As sent, but for a confirmation's token: its `Token` and the `token` of its `SubscribeURL` read `redacted`. */
            request_body: string;
            /** @enum {unknown} */
            outcome: "delivered" | "retry" | "dead";
            next_attempt_at: string | null;
        };
        /** @description A message of a subscription, its state and its attempts (oldest first). */
        InternalMessage: {
            /** @description The message id: its `webhook-id` and `MessageId`. */
            message_id: string;
            /** @enum {unknown} */
            kind: "confirmation" | "notification";
            /** @enum {unknown} */
            state: "pending" | "delivered" | "dead";
            /** Format: date-time */
            created_at: string;
            event_type: components["schemas"]["AuditEventType"] | null;
            update_id: number | null;
            object_reference_number: string | null;
            /** @description When a pending message is tried next; null while it waits behind an earlier one of its work. */
            next_attempt_at: string | null;
            attempts: components["schemas"]["InternalAttempt"][];
        };
        /** @description Messages, newest first. */
        InternalMessagePage: {
            messages: components["schemas"]["InternalMessage"][];
            /** @description Give it as `before` for the next page; null on the last. */
            next_cursor: string | null;
        };
        /** @description A message whose every attempt failed. */
        InternalDeadLetter: {
            /** @description The message id: its `webhook-id` and `MessageId`. */
            message_id: string;
            /** @description The subscription reference. */
            subscription_reference_number: string;
            /** @enum {unknown} */
            kind: "confirmation" | "notification";
            attempts: number;
            /** Format: date-time */
            created_at: string;
            last_error: string | null;
        };
        /** @description Dead letters, oldest first. */
        InternalDeadLetterList: {
            dead_letters: components["schemas"]["InternalDeadLetter"][];
        };
        /** @description The message is queued again with its webhook-id. */
        InternalReplay: {
            /** @description The message id: its `webhook-id` and `MessageId`. */
            message_id: string;
        };
        /** @description An event of the delivery stream (its `data`, as JSON; the event name is its `type`). */
        InternalDeliveryChange: {
            /** @constant */
            type: "attempt";
            /** @description The subscription reference. */
            subscription: string;
            /** @description The message id: its `webhook-id` and `MessageId`. */
            message_id: string;
            /** @enum {unknown} */
            kind: "confirmation" | "notification";
            event_type: components["schemas"]["AuditEventType"] | null;
            update_id: number | null;
            /** Format: date-time */
            attempted_at: string;
            status: number | null;
            error: string | null;
            latency_ms: number;
            /** @enum {unknown} */
            outcome: "delivered" | "retry" | "dead";
            next_attempt_at: string | null;
        } | {
            /** @constant */
            type: "queued";
            /** @description The subscription reference. */
            subscription: string;
            /** @description The message id: its `webhook-id` and `MessageId`. */
            message_id: string;
        };
        /** @description An organisation of the sandbox and its users, with their tokens. */
        InternalSandboxOrganisation: {
            name: string;
            /** @enum {unknown} */
            kind: "promoter" | "highway_authority" | "contractor";
            swa_code: string | null;
            users: {
                username: string;
                /** @enum {unknown} */
                role: "Planner" | "Contractor" | "HighwayAuthority" | "Operator";
                token: string;
            }[];
        };
        /** @description The organisations of the sandbox. */
        InternalSandboxOrganisationList: {
            organisations: components["schemas"]["InternalSandboxOrganisation"][];
        };
    };
    responses: {
        /** @description Any other error status, with the same error body: `405` (the path exists with other methods, listed in `Allow`). Every status the operation itself can answer is listed above. `error.status` is always the HTTP status. */
        OtherError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A page of updates. */
        WorkUpdates: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["WorkUpdateResponse"];
            };
        };
        /** @description The request breaks a constraint of this document (a length, a bound, a required field, a type, a format, an unknown property or query parameter), or is not a valid HTTP/1.1 request (no `Host` header, a malformed request line or header). `error.details` names every failing field and the rule it breaks; a body holding more values than any valid body can (for example a list longer than its `maxItems`) is checked only up to its first broken constraint, which is the one listed. The wording of messages can change between releases. */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The `token` header is missing, or its value is neither a valid, unrevoked API key nor a live login token (expired, tampered or revoked). Do not retry with the same token; do not re-authenticate on every call either. */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The caller is authenticated but not allowed: its role is not one of the operation's allowed roles, the request names an organisation the caller does not act for, or (from 7.7) the caller is a Contractor without any active contract, which is refused on every endpoint. The answer is the same whether or not a named organisation exists. */
        ForbiddenWithoutActiveContract: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request ran longer than its limit and was terminated: the database query is cancelled after 30 seconds, counted from when the service took the request up (a permit search's wait for a free search slot counts). Retry with a narrower period or a smaller page. Also the answer when the client does not send its headers and body within 30 seconds (the connection is then closed). */
        RequestTimeout: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request target (path and query string) is longer than 8192 characters. Send fewer or shorter query values. */
        UriTooLong: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request has an `Expect` header other than `100-continue`, the only expectation the service meets. */
        ExpectationFailed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Too many requests: this token made more calls than the rate limit allows in its window, the caller's organisation already has as many polls or permit searches running at once as it may, or it changed its subscription as many times as it may in the hour. Wait for the number of seconds in `Retry-After`, then retry; back off exponentially if it happens again. */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request line and headers together are larger than 16 KiB. */
        HeadersTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description An unexpected failure in the service. Safe to retry with backoff. */
        InternalServerError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The service is shutting down and takes no new request; the connection is closed. Retry on another instance, or later. */
        ServiceUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description A page of permit summaries. */
        PermitSearch: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PermitSearchReportingResponse"];
            };
        };
        /** @description The request body is larger than this operation accepts: its request body states its limit. The body is refused before it is read. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The client did not send its headers and body within 30 seconds of starting the request; the connection is closed. */
        ClientTimeout: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request conflicts with the subscription's current state: the organisation already has a confirmed subscription (one per organisation; an unconfirmed one is replaced), or the subscription is not confirmed yet and so must not be unsubscribed. */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description No such resource visible to the caller. A reference that exists in another organisation is answered exactly like one that does not exist. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /**
         * @description Start of the period (inclusive): only updates at or after this time. May be set to the time of the caller's last call, or to the event time of the last row of a previous result (that row is then returned again). Independent of `end_date`: either, both or neither may be given. A `start_date` after the newest update is answered at once with no rows.
         * @example 2026-11-20T09:00:00Z
         */
        StartDate: string;
        /**
         * @description End of the period (exclusive): only updates before this time. Must not be earlier than `start_date`. An `end_date` at or before the oldest update is answered at once with no rows.
         * @example 2026-11-21T09:00:00Z
         */
        EndDate: string;
        /**
         * @description Cursor: only updates with ids above it are returned. Send the `next_update` of the previous response (the last row's `update_id`, or the last update id read by a page that ended early). May be used with or without `start_date` and `end_date`. A whole number from 0 to 9007199254740991 (2^53 - 1, the largest integer a double holds exactly).
         * @example 1045873
         */
        UpdateId: number;
        /**
         * @description Updates per response, a whole number from 1 to 250; default 100.
         * @example 250
         */
        PollPageSize: number;
        /**
         * @description Username whose updates are left out (for example the integration's own user, to skip the echo of its own changes).
         * @example integration@northern-water.example
         */
        ExcludeEventsFrom: string;
        /**
         * @description SWA code of a promoter (up to 4 characters). Contractors must give it, to name the promoter they work for; it must be a promoter they hold an active contract with. A Planner may give only its own promoter's code. A HighwayAuthority user may give it to narrow the feed to that promoter's works in its authority.
         * @example 7001
         */
        SwaCode: string;
        /**
         * @description Only updates of works in these workstreams. A workstream prefix is three digits (`000` is a promoter's default workstream). Repeat the parameter for several prefixes (`workstream_prefix=000&workstream_prefix=101`); up to 100.
         * @example [
         *       "000",
         *       "101"
         *     ]
         */
        WorkstreamPrefix: string[];
        /**
         * @description Unique message identifier, the same on every retry of the message (equal to `MessageId`). Deduplicate on it.
         * @example msg_2Kp7w9YzL4cQ
         */
        WebhookId: string;
        /**
         * @description Unix time in seconds of this delivery attempt. Reject messages whose timestamp is more than five minutes from your clock.
         * @example 1795166042
         */
        WebhookTimestamp: string;
        /**
         * @description Space-separated list of signatures in the Standard Webhooks format. `v1a,<base64>` is an ed25519 signature of `{webhook-id}.{webhook-timestamp}.{raw body}`, checked against the service's public keys published at `GET /.well-known/webhook-keys` (a JSON Web Key Set). Several signatures appear while keys rotate; a message is authentic if any one verifies with a published key.
         * @example v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZdpXwVLPo3mNl8EM+m7TBAg==
         */
        WebhookSignature: string;
        /**
         * @description The message's `Type`, as the permitting system's notifications carry it; receivers written for those also check the envelope's `Signature`.
         * @example Notification
         */
        MessageType: "SubscriptionConfirmation" | "Notification";
        /**
         * @description The message's `MessageId` (equal to `webhook-id`), as the permitting system's notifications carry it.
         * @example msg_2Kp7w9YzL4cQ
         */
        PubSubMessageId: string;
        /**
         * @description The message's `TopicArn`; allow-list it as receivers written for the permitting system's notifications do.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y
         */
        PubSubTopicArn: components["schemas"]["TopicArn"];
        /**
         * @description The subscription's ARN: its `TopicArn`, a colon and a UUID-shaped identifier that stays the same for every message of the subscription.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y:4c8f2a1e-9b3d-4e7a-8f21-6d5c3b2a1f09
         */
        PubSubSubscriptionArn: string;
    };
    requestBodies: {
        /** @description The body is at most 148480 bytes (145 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
        PermitSearch: {
            content: {
                "application/json": components["schemas"]["PermitSearchRequest"];
            };
        };
        /** @description The body is at most 16384 bytes (16 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
        SubscriptionCreate: {
            content: {
                "application/json": components["schemas"]["SubscriptionCreateRequest"];
            };
        };
        /** @description The body is at most 3072 bytes (3 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
        SubscriptionRemove: {
            content: {
                "application/json": components["schemas"]["SubscriptionRemoveRequest"];
            };
        };
    };
    headers: {
        /**
         * @description Identifier of the request, also in the error body as `error.request_id`: the request's own `x-request-id` header when it is 1 to 128 letters, digits, `.`, `_`, `:` or `-`, otherwise a generated one.
         * @example req-7f3c2a
         */
        RequestId: string;
        /**
         * @description Seconds to wait before trying again.
         * @example 30
         */
        RetryAfter: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    submitWork: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalWorkSubmission"];
            };
        };
        responses: {
            /** @description The work and its permit were created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        work_reference_number: string;
                        permit_reference_number: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    transitionPermit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The permit, `<work>-NN`. */
                permit_reference_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalPermitTransition"];
            };
        };
        responses: {
            /** @description The event was recorded, with its consequences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        permit_reference_number: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    submitChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The permit, `<work>-NN`. */
                permit_reference_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalChangeRequestSubmission"];
            };
        };
        responses: {
            /** @description The request was submitted. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    decideChangeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The request, `<permit>-ALTnn` or `<permit>-CRnn`. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalChangeRequestDecision"];
            };
        };
        responses: {
            /** @description The decision was recorded; a grant changed the permit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    openWorkObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The work. */
                work_reference_number: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalObjectOpening"];
            };
        };
        responses: {
            /** @description The record was created. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    advanceWorkObject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The record, `<work>-INSnn`, `-SInn`, `-FPNnn`, `-COMnn`, `-REnn`, `-S81nn`, `-S74nn`, `-S58nn`, `-PAAnn`, `-NCnn`, `-PSNnn`, `-FPnn` or `-SCHnn`. */
                reference: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalObjectTransition"];
            };
        };
        responses: {
            /** @description The event was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reference: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    endQuarter: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalQuarterEnd"];
            };
        };
        responses: {
            /** @description The quarter ended; its open sample inspections expired. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quarter: string;
                        expired: string[];
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    triggerEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalTrigger"];
            };
        };
        responses: {
            /** @description The event was recorded, last, after what it needed. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The work the events are about, new or named; null when none was involved. */
                        work_reference_number: string | null;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    addContract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalContract"];
            };
        };
        responses: {
            /** @description The contract was added. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contractor: string;
                        promoter: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeContract: {
        parameters: {
            query?: {
                internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
                internal_user_name?: components["schemas"]["InternalUserName"];
            };
            header?: never;
            path: {
                /** @description The contractor's name. */
                contractor: string;
                /** @description The promoter's swa_code or name. */
                promoter: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract was removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contractor: string;
                        promoter: string;
                        events: components["schemas"]["InternalRecordedEvent"][];
                    };
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                organisation?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalSubscriptionList"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    pointSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organisation: its swa_code or its name. */
                organisation: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InternalSubscriptionPointing"];
            };
        };
        responses: {
            /** @description The subscription as it now is. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalSubscription"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    removeSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The organisation: its swa_code or its name. */
                organisation: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalSubscription"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listMessages: {
        parameters: {
            query?: {
                limit?: number;
                before?: string;
            };
            header?: never;
            path: {
                /** @description The subscription. */
                subscription_reference_number: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalMessagePage"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listDeadLetters: {
        parameters: {
            query?: {
                subscription?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dead letters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalDeadLetterList"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    replayMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The message id (webhook-id). */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The message is queued at the end of its queue: due once the deliveries of its work queued before it are done. `409` when it is queued already, is a delivered confirmation (its token is used), or regards an organisation its subscription no longer covers (a contract has ended). */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalReplay"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    streamDeliveries: {
        parameters: {
            query?: {
                subscription?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A `text/event-stream`: each event named by its `type` (`attempt`, `queued`) with an `InternalDeliveryChange` as its data; `resync` when changes may have been missed (refetch). At most 16 streams are open at once in a process (`503` beyond); a stream whose client reads so slowly that more than 1 MiB wait to be sent is ended (reconnect and refetch). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    listSandboxOrganisations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organisations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InternalSandboxOrganisationList"];
                };
            };
            /** @description Error 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 401. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 403. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 404. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 413. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Error 415. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
}
