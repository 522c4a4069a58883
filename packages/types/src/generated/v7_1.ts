/**
 * Types of version 7.1 of the street-works event interface.
 *
 * Generated from @street-events/openapi/v7.1 by packages/types/scripts/generate.mjs.
 * Do not edit: change the OpenAPI document, then run `pnpm turbo run generate`
 * (or `pnpm --filter @street-events/types generate` after `pnpm turbo run bundle`).
 */

export interface paths {
  "/works/updates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List updates to works
     * @description Lists works that changed in a period or after a cursor, as update records in ascending `update_id` order. Each call times out after 30 seconds (`408`); its query is then cancelled.
     *
     *     **Following the feed.** When more results exist than the page holds, `next_update` is set: send it back as `update_id` to get the next page. `next_update` is the `update_id` of the last row returned, and `update_id` returns updates with ids *above* it, so following the cursor returns every update exactly once, none skipped and none repeated. When no further results exist, `next_update` is null; to keep polling, send the `update_id` of the last row received. Update ids are allocated when an update is committed, so an update never appears below a cursor that has already been served.
     *
     *     **Pages ended early.** One call reads at most 100,000 update ids past its cursor (`update_id`, or the start of the feed without one; the operator may set another bound). When the page has not filled within them and later updates exist, the page is answered as it is, with fewer rows than `page_size` or none, and `next_update` is the last update id read: send it back as `update_id` to continue, as for a full page. `next_update` set means "call again", not "the page was full". A rare `workstream_prefix`, an `exclude_events_from` that leaves out most updates, or a period far after the cursor may take several such calls, each of them short.
     *
     *     **A period outside the feed.** A period that ends (`end_date`) at or before the oldest update, or starts (`start_date`) after the newest, matches nothing and is answered at once with no rows: `next_update` is null, or, with `update_id`, as for any cursor that finds nothing (below).
     *
     *     **Stale cursor.** When `update_id` is given and no updates are returned: if that update is more than seven days old, `next_update` is the latest `update_id` that is at least one hour old (poll on from there); if it is less than seven days old, `next_update` is not returned.
     *
     *     **What the caller sees.** A Planner sees the works of its promoter; a HighwayAuthority user the works in its authority; a Contractor the works of the promoter it names with `swa_code` (required for Contractors). Only updates about works are listed; events about an organisation (contracts, subscriptions) are sent as notifications only.
     *
     *     **Filters** combine with AND: `start_date` (inclusive), `end_date` (exclusive), `exclude_events_from`, `swa_code`, `workstream_prefix`.
     *
     *     **Polls at once.** An organisation (all its users and API keys together) may have 2 polls running at once (the operator may set another number); one more is answered `429` with `Retry-After` (seconds) at once, without waiting. A poll at the caller's head answered without a query is not counted. Follow the cursor one call after the other rather than in parallel.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority. A user holding none of them is refused with `403`.
     */
    get: operations["getWorkUpdates"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/permits/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Search permit summaries
     * @description Returns permit summaries for the works the caller names; intended for works found through polling.
     *
     *     `work_reference_numbers` holds at most 1000 unique, non-null values of at most 24 characters each. References that do not exist or that the caller may not see are left out (no error, so the answer never tells whether another organisation's reference exists). Omitting the list returns every permit visible to the caller: a Planner's promoter's permits, a HighwayAuthority's permits in its authority, and a Contractor's permits of every promoter it holds an active contract with.
     *
     *     `page_size` is an integer from 100 to 500 (default 100). Pass `next_cursor` from the previous response to continue; following it returns each permit exactly once, in a stable order. A page with fewer permits than `page_size` is the last (its `next_cursor` sent back answers no permit); `next_cursor` is always a number and only moves forward, so sending it back never starts the search again (a `next_cursor` of `0` or null in a request starts from the beginning). Keyset pagination on the permit's internal id, ascending. The call is cancelled after 30 seconds (`408`), its query with it.
     *
     *     An organisation (all its users and API keys together) may have one search running or waiting at once (the operator may set another number); one more is answered `429` with `Retry-After` (seconds) at once. Searches of all organisations then take turns on the service's search slots; the time spent waiting for one counts towards the 30 seconds, so a search still waiting after 30 seconds is answered `408` and never run.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority. A user holding none of them is refused with `403`.
     */
    post: operations["searchPermits"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/subscribe": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe an endpoint to notifications
     * @description Registers an endpoint to be notified of events regarding the caller's organisation. The caller supplies it as an authenticated user of the organisation to be subscribed.
     *
     *     An organisation has one subscription: subscribing again while a confirmed one exists is refused with `409`. Subscribing again while it is still unconfirmed (a handshake that failed, a wrong endpoint) replaces it: the new endpoint gets a new confirmation and the old link stops working. A Contractor's subscription covers every organisation it holds an active contract with; no per-organisation selector is accepted.
     *
     *     The endpoint is checked at once: an `http` or `https` URL without credentials whose host is, or resolves to, only public addresses (unless the service's configuration allows more); otherwise `400` naming `api_endpoint`. A host name that does not resolve is refused.
     *
     *     The subscription starts **unconfirmed**. The service sends a `SubscriptionConfirmation` message to the endpoint (see the webhooks); nothing else is delivered until the receiver confirms by a GET of its `SubscribeURL` within 48 hours. A subscription not confirmed within 48 hours is removed, with all its records, and the organisation may subscribe again. A subscription must be confirmed before it can be unsubscribed.
     *
     *     The request's `internal_user_identifier` and `internal_user_name` are recorded on the `event_subscription_created` event (object type `event_subscription`, object reference the subscription reference), an organisation-level event of each organisation the subscription covers.
     *     **Changes at once.** An organisation (all its users together) may subscribe and unsubscribe 10 times an hour in all (the operator may set other numbers): each change records an event for every organisation the subscription covers, a Contractor's promoters too. One more is answered `429` with `Retry-After` (seconds).
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority. A user holding none of them is refused with `403`.
     */
    post: operations["subscribe"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/unsubscribe": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove a subscription
     * @description Removes the caller's organisation's subscription. For a Contractor it is removed for every organisation it was contracting for. The caller must belong to the subscribing organisation: a Contractor naming the subscription of a promoter it contracts for (which its listing shows it) is answered `403`; any other reference of another organisation is answered `404`, like one that does not exist. A reference longer than 64 characters is refused with `400` before it is looked up. An unconfirmed subscription must not be unsubscribed (`409`): confirm it first, or let it expire after 48 hours.
     *
     *     The request's `internal_user_identifier` and `internal_user_name` are recorded on the `event_subscription_removed` event.
     *     **Changes at once.** An organisation (all its users together) may subscribe and unsubscribe 10 times an hour in all (the operator may set other numbers): each change records an event for every organisation the subscription covers, a Contractor's promoters too. One more is answered `429` with `Retry-After` (seconds).
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority. A user holding none of them is refused with `403`.
     */
    post: operations["unsubscribe"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/subscriptions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List subscriptions
     * @description Returns the subscriptions of the caller's organisation (at most one), confirmed or not. For a Contractor: its own subscription first (which covers every promoter it contracts for), then the subscriptions of the promoters it holds an active contract with, the organisations it works on behalf of. Only the subscribing organisation can remove a subscription: a Contractor naming one of those promoters' subscriptions in `POST /api-notifications/unsubscribe` is answered `403`. No parameters: any query parameter is refused with `400`.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority. A user holding none of them is refused with `403`.
     */
    get: operations["getSubscriptions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/confirm": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Confirm (follow SubscribeURL)
     * @description The receiver confirms its subscription by a GET of the confirmation message's `SubscribeURL`, `{base_url}/api-notifications/confirm?token=<Token>`, within 48 hours. No other credential; single use. A link to follow, not an operation to call by name.
     */
    get: operations["followSubscribeUrl"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/signing-certificates/{file}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Signing certificate (follow SigningCertURL)
     * @description The X.509 certificate, PEM, whose RSA key made the envelope's `Signature`: `{base_url}/api-notifications/signing-certificates/<id>.pem`. No credential. Check that its host is the host you subscribed through before using it; cache it by URL.
     */
    get: operations["fetchSigningCertificate"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/webhook-keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Webhook keys (JSON Web Key Set)
     * @description The public keys of `webhook-signature`, at `GET /.well-known/webhook-keys` on the service's host (at its root; the host of `SigningCertURL`), also served below the base URL at `{base_url}/api-notifications/webhook-keys`. No credential, no rate limit.
     */
    get: operations["fetchWebhookKeys"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api-notifications/unsubscribe-link": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Unsubscribe (follow UnsubscribeURL)
     * @description A GET of a notification's `UnsubscribeURL`, `{base_url}/api-notifications/unsubscribe-link?subscription=<reference>&token=<token>`, removes the subscription like `POST /api-notifications/unsubscribe`, recording `event_subscription_removed` without an acting user. No other credential; the token is made for that subscription alone (an HMAC of its reference with the service's signing key, so a new signing certificate invalidates earlier links).
     */
    get: operations["followUnsubscribeUrl"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  subscriptionConfirmation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscription confirmation
     * @description Sent to the endpoint right after `POST /api-notifications/subscribe` (and retried like any message until it is acknowledged). Confirm the subscription by an HTTP GET of `SubscribeURL` within 48 hours: it is `{base_url}/api-notifications/confirm?token=<Token>`, needs no other credential and works once; it answers `200` with `{"subscription_reference_number": "...", "status": "confirmed"}`, and `404` (the error body) for a token that is unknown, used already or past the 48 hours. The URL is not an operation of this document: a receiver only follows the link it was sent. The body is JSON sent as `text/plain; charset=UTF-8`, as the permitting system's notifications always were. Check its authenticity before following the link: with `webhook-signature` (Standard Webhooks, the primary check), or with the envelope's own `Signature` (see `SignatureVersion`, `SigningCertURL`), which receivers written for the permitting system's notifications already check.
     */
    post: operations["receiveSubscriptionConfirmation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  notification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Notification of an event
     * @description Sent for every event regarding the subscriber's organisation (the promoter of the work, the highway authority of the work, and contractors contracted to the promoter), once the subscription is confirmed. At least once: deduplicate on `webhook-id`. For one subscription, notifications about the same work arrive in `update_id` order. Push delivery is not a guarantee of completeness over long outages: reconcile with `GET /works/updates`, which is the source of truth. Authentic when `webhook-signature` verifies (Standard Webhooks, the primary check) or, for receivers written for the permitting system's notifications, when the envelope's `Signature` verifies with the certificate at `SigningCertURL`; both are on every message. The certificate and the key set are fetched as described under the confirmation message's callbacks.
     */
    post: operations["receiveNotification"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
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
    ErrorCode:
      | "validation_failed"
      | "unauthenticated"
      | "forbidden"
      | "not_found"
      | "method_not_allowed"
      | "request_timeout"
      | "conflict"
      | "payload_too_large"
      | "uri_too_long"
      | "unsupported_media_type"
      | "expectation_failed"
      | "locked"
      | "rate_limited"
      | "header_fields_too_large"
      | "internal_error"
      | "service_unavailable"
      | "upcoming_enum"
      | (string & {});
    /**
     * ValidationRule
     * @description The rule a field of a request broke: a JSON Schema keyword of the document, or one of the service's own rules. Open enumeration: `upcoming_enum` stands for a rule added in a later version.
     * @enum {string}
     */
    ValidationRule:
      | "required"
      | "type"
      | "format"
      | "enum"
      | "const"
      | "minimum"
      | "maximum"
      | "exclusiveMinimum"
      | "exclusiveMaximum"
      | "multipleOf"
      | "minLength"
      | "maxLength"
      | "pattern"
      | "minItems"
      | "maxItems"
      | "uniqueItems"
      | "additionalProperties"
      | "oneOf"
      | "anyOf"
      | "formatMinimum"
      | "json"
      | "characters"
      | "encoding"
      | "http"
      | "upcoming_enum"
      | (string & {});
    /**
     * ValidationErrorDetail
     * @description One broken constraint of a request.
     */
    ValidationErrorDetail: {
      /**
       * @description Where in the request the field is.
       * @enum {string}
       */
      location: "body" | "query" | "header" | "path" | "upcoming_enum" | (string & {});
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
    AuditEventType:
      | "historic_action"
      | "inspection_passed"
      | "inspection_failed"
      | "inspection_unable_to_carry_out"
      | "inspection_further_required"
      | "inspection_withdraw_defect"
      | "inspection_agreed_site_compliance"
      | "activity_submitted"
      | "activity_edited"
      | "activity_cancelled"
      | "fpn_submitted"
      | "fpn_accepted"
      | "fpn_paid"
      | "fpn_disputed"
      | "fpn_withdrawn"
      | "permit_granted"
      | "permit_refused"
      | "permit_cancelled"
      | "permit_revoked"
      | "permit_deemed"
      | "paa_granted"
      | "paa_refused"
      | "paa_cancelled"
      | "paa_revoked"
      | "alteration_submitted"
      | "alteration_refused"
      | "alteration_granted"
      | "alteration_granted_with_duration_challenge"
      | "alteration_deemed"
      | "alteration_cancelled"
      | "lane_rental_assessed"
      | "reinstatement_submitted"
      | "file_uploaded"
      | "comment_submitted"
      | "work_start_logged"
      | "work_stop_logged"
      | "work_start_reverted"
      | "work_stop_reverted"
      | "forward_plan_submitted"
      | "forward_plan_cancelled"
      | "user_removed"
      | "user_invited"
      | "inspection_units_logged"
      | "permit_submitted"
      | "paa_submitted"
      | "forward_plan_edited"
      | "permit_discount_updated"
      | "paa_discount_updated"
      | "paa_deemed"
      | "organisation_contract_added"
      | "organisation_contract_removed"
      | "organisation_updated"
      | "workstream_created"
      | "workstream_updated"
      | "inspection_works_stopped"
      | "inspection_works_stopped_apparatus_remaining"
      | "inspection_works_in_progress"
      | "inspection_works_in_progress_no_carriageway_incursion"
      | "inspection_non_compliant_with_conditions"
      | "permit_modification_request"
      | "scheduled_inspection_cancelled"
      | "scheduled_inspection_created"
      | "alteration_applied_auto"
      | "section_81_submitted"
      | "final_reinstatement_updated"
      | "section_81_acknowledged"
      | "section_81_accepted"
      | "section_81_accepted_fixed"
      | "section_81_rejected"
      | "section_81_resolved_by_ha"
      | "section_81_cancelled"
      | "user_roles_updated"
      | "support_desk_action"
      | "user_name_updated"
      | "permit_hs2_acknowledged"
      | "geographical_area_created"
      | "geographical_area_updated"
      | "workstream_access_updated"
      | "planned_works_record_created"
      | "in_progress_works_record_created"
      | "historic_works_record_created"
      | "non_notifiable_works_record_created"
      | "section_81_works_record_created"
      | "unattributable_works_record_created"
      | "upcoming_event"
      | "sample_inspection_target_created"
      | "sample_inspection_target_updated"
      | "sample_inspection_created"
      | "sample_inspection_completed"
      | "sample_inspection_removed"
      | "sample_inspection_expired"
      | "internal_comment_submitted"
      | "comment_read"
      | "excavation_carried_out_updated"
      | "sample_inspection_target_closed"
      | "section_81_linked_to_permit"
      | "section_81_unlinked_from_permit"
      | "section_81_reassigned"
      | "permit_granted_with_duration_challenge"
      | "inspection_withdrawn"
      | "section_74_warning_issued"
      | "section_74_warning_acknowledged"
      | "section_74_site_visited_and_rectified"
      | "section_74_charges_ended"
      | "section_74_warning_disputed"
      | "section_74_withdrawn"
      | "section_74_draft_invoice_issued"
      | "section_74_resolved"
      | "section_74_draft_invoice_acknowledged"
      | "section_74_charge_under_review"
      | "section_74_charge_agreed"
      | "alteration_duration_challenge_accepted"
      | "alteration_duration_challenge_not_accepted"
      | "alteration_duration_challenge_non_acceptance_response"
      | "permit_duration_challenge_accepted"
      | "permit_duration_challenge_not_accepted"
      | "permit_duration_challenge_non_acceptance_response"
      | "section_58_created"
      | "section_58_progressed"
      | "section_58_cancelled"
      | "section_58_closed"
      | "reinstatement_deleted"
      | "site_deleted"
      | "inspection_deleted"
      | "site_subsumed"
      | "fpn_deleted"
      | "current_traffic_management_type_updated"
      | "ancillary_info_added"
      | "ancillary_info_removed"
      | "sample_inspection_issued"
      | "inspection_outcome_accepted"
      | "inspection_outcome_disputed"
      | "inspection_outcome_promoter_accepts_failed_inspection"
      | "sample_inspection_target_deleted"
      | "sample_inspection_quarter_started"
      | "sample_inspection_quarter_ended"
      | "fee_matrix_updated"
      | "organisation_fpn_details_updated"
      | "inspection_auto_accepted"
      | "sample_inspection_quarter_end_reverted"
      | "private_street_notice_issued"
      | "private_street_notice_cancelled"
      | "non_compliance_issued"
      | "non_compliance_withdrawn"
      | "non_compliance_resolved"
      | "inspection_linked_to_non_compliance"
      | "permit_linked_to_non_compliance"
      | "inspection_outcome_joint_site_meeting_needed"
      | "inspection_outcome_reviewing_dispute"
      | "inspection_outcome_no_agreement"
      | "non_compliance_works_completed_and_passed"
      | "non_compliance_joint_site_meeting_suggested"
      | "non_compliance_will_attend_joint_site_meeting"
      | "non_compliance_works_complete_ready_for_inspection"
      | "non_compliance_joint_site_meeting_not_needed"
      | "event_subscription_created"
      | "event_subscription_removed"
      | "material_classification_submitted"
      | "non_compliance_accept_suggestion"
      | "permit_under_assessment"
      | "alteration_revoked"
      | "change_request_submitted"
      | "change_request_refused"
      | "change_request_granted"
      | "change_request_granted_with_duration_challenge"
      | "change_request_deemed"
      | "change_request_cancelled"
      | "change_request_applied_auto"
      | "change_request_duration_challenge_accepted"
      | "change_request_duration_challenge_not_accepted"
      | "change_request_duration_challenge_non_acceptance_response"
      | "change_request_revoked"
      | (string & {});
    /**
     * AuditObjectTypeResponse
     * @description Type of the object an update is about. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    AuditObjectTypeResponse:
      | "permit"
      | "reinstatement"
      | "inspection"
      | "fpn"
      | "paa"
      | "workstream"
      | "work"
      | "organisation"
      | "activity"
      | "forward_plan"
      | "comment"
      | "scheduled_inspection"
      | "section_81"
      | "user"
      | "geographical_area"
      | "change_request"
      | "application"
      | "sample_inspection"
      | "section_74"
      | "section_58"
      | "site"
      | "sample_inspection_target"
      | "fee_matrix"
      | "non_compliance"
      | "private_street"
      | "event_subscription"
      | "material_classification"
      | "upcoming_enum"
      | (string & {});
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
    WorkCategoryResponse:
      | "minor"
      | "standard"
      | "major"
      | "immediate_urgent"
      | "immediate_emergency"
      | "paa"
      | "hs2_highway"
      | "upcoming_enum"
      | (string & {});
    /**
     * TrafficManagementTypeResponse
     * @description Type of traffic management used on site. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    TrafficManagementTypeResponse:
      | "road_closure"
      | "contra_flow"
      | "lane_closure"
      | "multi_way_signals"
      | "two_way_signals"
      | "convoy_workings"
      | "stop_go_boards"
      | "priority_working"
      | "give_and_take"
      | "some_carriageway_incursion"
      | "no_carriageway_incursion"
      | "upcoming_enum"
      | (string & {});
    /**
     * PermitStatusResponse
     * @description Status of the permit. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    PermitStatusResponse:
      | "submitted"
      | "granted"
      | "permit_modification_request"
      | "refused"
      | "closed"
      | "cancelled"
      | "revoked"
      | "progressed"
      | "upcoming_enum"
      | (string & {});
    /**
     * WorkStatusResponse
     * @description Status of the works. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    WorkStatusResponse:
      | "planned"
      | "in_progress"
      | "completed"
      | "cancelled"
      | "unattributable"
      | "historical"
      | "non_notifiable"
      | "section_81"
      | "upcoming_enum"
      | (string & {});
    /**
     * ActivityTypeResponse
     * @description Type of activity the works are for. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    ActivityTypeResponse:
      | "highway_improvement_works"
      | "highway_repair_and_maintenance_works"
      | "utility_asset_works"
      | "utility_repair_and_maintenance_works"
      | "diversionary_works"
      | "disconnection_or_alteration_of_supply"
      | "permanent_reinstatement"
      | "remedial_works"
      | "section_58"
      | "section_50"
      | "core_sampling"
      | "statutory_infrastructure_works"
      | "works_for_rail_purposes"
      | "works_for_road_purposes"
      | "new_service_connection"
      | "optional_permit_no_fee"
      | "upcoming_enum"
      | (string & {});
    /**
     * AssessmentStatusResponse
     * @description Outcome of the highway authority's assessment of the permit application. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    AssessmentStatusResponse:
      | "granted"
      | "granted_auto"
      | "refused"
      | "refused_auto"
      | "permit_modification_request"
      | "revoked"
      | "upcoming_enum"
      | (string & {});
    /**
     * PermitConditionTypeResponse
     * @description National permit condition type (NCT code). The meaning of each code is not given by the interface document; the texts in `x-enumDescriptions` are the ones this service answers in `condition_string`. Open enumeration: `upcoming_enum` stands for a value added in a later version of the interface; clients must tolerate it and any value they do not know. `x-enumDescriptions` gives the text this service answers in the `*_string` twin field.
     * @enum {string}
     */
    PermitConditionTypeResponse:
      | "NCT01a"
      | "NCT01b"
      | "NCT02a"
      | "NCT02b"
      | "NCT04a"
      | "NCT04b"
      | "NCT05a"
      | "NCT06a"
      | "NCT07a"
      | "NCT08a"
      | "NCT08b"
      | "NCT09a"
      | "NCT09b"
      | "NCT09c"
      | "NCT10a"
      | "NCT11a"
      | "NCT11b"
      | "NCT12a"
      | "upcoming_enum"
      | (string & {});
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
    LaneRentalAssessmentOutcomeResponse:
      | "chargeable"
      | "potentially_chargeable"
      | "charges_waived"
      | "exempt"
      | "charges_not_applicable"
      | "upcoming_enum"
      | (string & {});
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
      lane_rental_assessment_outcome?:
        components["schemas"]["LaneRentalAssessmentOutcomeResponse"] | null;
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
     * SubscriptionEndpoint
     * Format: uri
     * @description Absolute `http` or `https` URL that receives the confirmation message and then the notifications. At most 2048 characters; no user name or password in the URL. Endpoints that resolve to loopback, private, link-local, shared (CGNAT), multicast or reserved addresses are refused unless the service's configuration allows them.
     */
    SubscriptionEndpoint: string;
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
      api_endpoint: components["schemas"]["SubscriptionEndpoint"];
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
    /** @description The caller is authenticated but not allowed: its role is not one of the operation's allowed roles, or the request names an organisation the caller does not act for (for example a `swa_code` of a promoter a contractor holds no active contract with). The answer is the same whether or not that organisation exists. This service's `/v7` behaves as 7.7, so it also answers `403` to a Contractor without any active contract, on every operation (`error.code` `forbidden`), although the 7.0 to 7.6 documents do not have that rule. */
    Forbidden: {
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
    /** @description The service is shutting down and takes no new request; the connection is closed. Retry on another instance, or later. With `Retry-After`, the service is unavailable for the moment: retry after that many seconds. */
    ServiceUnavailable: {
      headers: {
        "x-request-id": components["headers"]["RequestId"];
        "Retry-After": components["headers"]["RetryAfter"];
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
  getWorkUpdates: {
    parameters: {
      query?: {
        /**
         * @description Start of the period (inclusive): only updates at or after this time. May be set to the time of the caller's last call, or to the event time of the last row of a previous result (that row is then returned again). Independent of `end_date`: either, both or neither may be given. A `start_date` after the newest update is answered at once with no rows.
         * @example 2026-11-20T09:00:00Z
         */
        start_date?: components["parameters"]["StartDate"];
        /**
         * @description End of the period (exclusive): only updates before this time. Must not be earlier than `start_date`. An `end_date` at or before the oldest update is answered at once with no rows.
         * @example 2026-11-21T09:00:00Z
         */
        end_date?: components["parameters"]["EndDate"];
        /**
         * @description Cursor: only updates with ids above it are returned. Send the `next_update` of the previous response (the last row's `update_id`, or the last update id read by a page that ended early). May be used with or without `start_date` and `end_date`. A whole number from 0 to 9007199254740991 (2^53 - 1, the largest integer a double holds exactly).
         * @example 1045873
         */
        update_id?: components["parameters"]["UpdateId"];
        /**
         * @description Updates per response, a whole number from 1 to 250; default 100.
         * @example 250
         */
        page_size?: components["parameters"]["PollPageSize"];
        /**
         * @description Username whose updates are left out (for example the integration's own user, to skip the echo of its own changes).
         * @example integration@northern-water.example
         */
        exclude_events_from?: components["parameters"]["ExcludeEventsFrom"];
        /**
         * @description SWA code of a promoter (up to 4 characters). Contractors must give it, to name the promoter they work for; it must be a promoter they hold an active contract with. A Planner may give only its own promoter's code. A HighwayAuthority user may give it to narrow the feed to that promoter's works in its authority.
         * @example 7001
         */
        swa_code?: components["parameters"]["SwaCode"];
        /**
         * @description Only updates of works in these workstreams. A workstream prefix is three digits (`000` is a promoter's default workstream). Repeat the parameter for several prefixes (`workstream_prefix=000&workstream_prefix=101`); up to 100.
         * @example [
         *       "000",
         *       "101"
         *     ]
         */
        workstream_prefix?: components["parameters"]["WorkstreamPrefix"];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components["responses"]["WorkUpdates"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      408: components["responses"]["RequestTimeout"];
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
  searchPermits: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components["requestBodies"]["PermitSearch"];
    responses: {
      200: components["responses"]["PermitSearch"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      408: components["responses"]["RequestTimeout"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
  subscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components["requestBodies"]["SubscriptionCreate"];
    responses: {
      /** @description The subscription was created, unconfirmed. */
      200: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "subscription_reference_number": "SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y"
           *     }
           */
          "application/json": components["schemas"]["SubscriptionCreateResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      408: components["responses"]["ClientTimeout"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
  unsubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: components["requestBodies"]["SubscriptionRemove"];
    responses: {
      /** @description The subscription was removed. No body. */
      204: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      408: components["responses"]["ClientTimeout"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["PayloadTooLarge"];
      414: components["responses"]["UriTooLong"];
      415: components["responses"]["UnsupportedMediaType"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
  getSubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The subscriptions. */
      200: {
        headers: {
          "x-request-id": components["headers"]["RequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example [
           *       {
           *         "subscription_reference_number": "SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y",
           *         "subscription_description": "Street works notifications for the control room",
           *         "subscription_url": "https://hooks.northern-water.example/street-works"
           *       }
           *     ]
           */
          "application/json": components["schemas"]["GetSubscriptionsResponse"][];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      408: components["responses"]["ClientTimeout"];
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      429: components["responses"]["TooManyRequests"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
      default: components["responses"]["OtherError"];
    };
  };
  followSubscribeUrl: {
    parameters: {
      query?: {
        /** @description The confirmation message's `Token`. Missing, unknown, used or expired, the answer is `404`. */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The subscription is confirmed; notifications follow. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SubscriptionConfirmedResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      /** @description The token is unknown, used already or past the 48 hours. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      408: components["responses"]["ClientTimeout"];
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      /** @description Too many requests from this client address in the rate limit's window (the links count under the address that follows them). Wait for the seconds in `Retry-After`. */
      429: {
        headers: {
          "Retry-After": components["headers"]["RetryAfter"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  fetchSigningCertificate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The certificate. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example -----BEGIN CERTIFICATE-----
           *     MIIDJzCCAg+gAwIBAgIJA...
           *     -----END CERTIFICATE-----
           */
          "application/x-pem-file": string;
        };
      };
      400: components["responses"]["BadRequest"];
      /** @description No certificate with that id. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      408: components["responses"]["ClientTimeout"];
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  fetchWebhookKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The active public keys. */
      200: {
        headers: {
          /** @description `public, max-age=300`. */
          "cache-control"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookKeySet"];
        };
      };
      400: components["responses"]["BadRequest"];
      408: components["responses"]["ClientTimeout"];
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  followUnsubscribeUrl: {
    parameters: {
      query?: {
        /** @description The subscription's reference. */
        subscription?: string;
        /** @description The token made for that subscription. Missing or not the subscription's, the answer is `404`. */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The subscription is removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SubscriptionUnsubscribedResponse"];
        };
      };
      400: components["responses"]["BadRequest"];
      /** @description The subscription is gone already, or the token is not its own. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      408: components["responses"]["ClientTimeout"];
      /** @description The subscription is not confirmed (no notification, so no such link, is sent before it is). */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      414: components["responses"]["UriTooLong"];
      417: components["responses"]["ExpectationFailed"];
      /** @description Too many requests from this client address in the rate limit's window (the links count under the address that follows them). Wait for the seconds in `Retry-After`. */
      429: {
        headers: {
          "Retry-After": components["headers"]["RetryAfter"];
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ErrorResponse"];
        };
      };
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  receiveSubscriptionConfirmation: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Unique message identifier, the same on every retry of the message (equal to `MessageId`). Deduplicate on it.
         * @example msg_2Kp7w9YzL4cQ
         */
        "webhook-id": components["parameters"]["WebhookId"];
        /**
         * @description Unix time in seconds of this delivery attempt. Reject messages whose timestamp is more than five minutes from your clock.
         * @example 1795166042
         */
        "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
        /**
         * @description Space-separated list of signatures in the Standard Webhooks format. `v1a,<base64>` is an ed25519 signature of `{webhook-id}.{webhook-timestamp}.{raw body}`, checked against the service's public keys published at `GET /.well-known/webhook-keys` (a JSON Web Key Set). Several signatures appear while keys rotate; a message is authentic if any one verifies with a published key.
         * @example v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZdpXwVLPo3mNl8EM+m7TBAg==
         */
        "webhook-signature": components["parameters"]["WebhookSignature"];
        /**
         * @description The message's `Type`, as the permitting system's notifications carry it; receivers written for those also check the envelope's `Signature`.
         * @example Notification
         */
        "x-amz-sns-message-type": components["parameters"]["MessageType"];
        /**
         * @description The message's `MessageId` (equal to `webhook-id`), as the permitting system's notifications carry it.
         * @example msg_2Kp7w9YzL4cQ
         */
        "x-amz-sns-message-id": components["parameters"]["PubSubMessageId"];
        /**
         * @description The message's `TopicArn`; allow-list it as receivers written for the permitting system's notifications do.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y
         */
        "x-amz-sns-topic-arn": components["parameters"]["PubSubTopicArn"];
        /**
         * @description The subscription's ARN: its `TopicArn`, a colon and a UUID-shaped identifier that stays the same for every message of the subscription.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y:4c8f2a1e-9b3d-4e7a-8f21-6d5c3b2a1f09
         */
        "x-amz-sns-subscription-arn": components["parameters"]["PubSubSubscriptionArn"];
      };
      path?: never;
      cookie?: never;
    };
    /** @description The envelope as JSON text: parse the raw body (sent as `text/plain; charset=UTF-8`) as JSON to get a `SubscriptionConfirmationMessage`. Check `webhook-signature` on the raw body before parsing. */
    requestBody: {
      content: {
        /** @example {"Type":"SubscriptionConfirmation","MessageId":"msg_1Hn6v8XyK3bP","Token":"cnf_Qm9vX3Rva2VuX29ubHlfb25jZV91c2FibGU","TopicArn":"arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y","Message":"You have chosen to subscribe to street works notifications. To confirm the subscription, visit the SubscribeURL included in this message.","SubscribeURL":"https://events.example/v7/event/api-notifications/confirm?token=cnf_Qm9vX3Rva2VuX29ubHlfb25jZV91c2FibGU","Timestamp":"2026-11-20T09:10:00.000Z","SignatureVersion":"1","Signature":"Z7xxF0l4VC6aZZWPLZZlNn+o+X8cqC2pxQH/gp9a5JWMq6xVeWSWozYvf11R/pjKkomhjiluk90F5ttovsB3MjfgRwxpp0T/5Mk6UPtPKhvmJF4r9fXUDB+BqGwNCAy3uRSITkfE7BzueJhTw1py/A7p6bKeH+2afJggZrYkmO4hHg1a+lEj7GYAhcnRkdB9DWBex8lOoU9LlZJA4iJxb4/uSLZ/48aJzyPrHr8JjjZRHG+zHdrRb3gmSz82wi3R/du2F+b5vwAgPHGbYdyLk0W0zSzdvt1mTLAdT6jEQxjIR8e1MRE9ljJNXZEYrlLra9ppI9voDwZKV+A9iYhhXQ==","SigningCertURL":"https://events.example/v7/event/api-notifications/signing-certificates/1.pem"} */
        "text/plain": string;
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the message. Answer within 15 seconds; do the work afterwards. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Gone. The service removes the subscription and stops delivering. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other status, a redirect, a timeout or a connection failure is a failed attempt; the message is retried with exponential backoff (honouring `Retry-After` on 429 and 503) and dead-lettered after the last attempt. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  receiveNotification: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Unique message identifier, the same on every retry of the message (equal to `MessageId`). Deduplicate on it.
         * @example msg_2Kp7w9YzL4cQ
         */
        "webhook-id": components["parameters"]["WebhookId"];
        /**
         * @description Unix time in seconds of this delivery attempt. Reject messages whose timestamp is more than five minutes from your clock.
         * @example 1795166042
         */
        "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
        /**
         * @description Space-separated list of signatures in the Standard Webhooks format. `v1a,<base64>` is an ed25519 signature of `{webhook-id}.{webhook-timestamp}.{raw body}`, checked against the service's public keys published at `GET /.well-known/webhook-keys` (a JSON Web Key Set). Several signatures appear while keys rotate; a message is authentic if any one verifies with a published key.
         * @example v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZdpXwVLPo3mNl8EM+m7TBAg==
         */
        "webhook-signature": components["parameters"]["WebhookSignature"];
        /**
         * @description The message's `Type`, as the permitting system's notifications carry it; receivers written for those also check the envelope's `Signature`.
         * @example Notification
         */
        "x-amz-sns-message-type": components["parameters"]["MessageType"];
        /**
         * @description The message's `MessageId` (equal to `webhook-id`), as the permitting system's notifications carry it.
         * @example msg_2Kp7w9YzL4cQ
         */
        "x-amz-sns-message-id": components["parameters"]["PubSubMessageId"];
        /**
         * @description The message's `TopicArn`; allow-list it as receivers written for the permitting system's notifications do.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y
         */
        "x-amz-sns-topic-arn": components["parameters"]["PubSubTopicArn"];
        /**
         * @description The subscription's ARN: its `TopicArn`, a colon and a UUID-shaped identifier that stays the same for every message of the subscription.
         * @example arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y:4c8f2a1e-9b3d-4e7a-8f21-6d5c3b2a1f09
         */
        "x-amz-sns-subscription-arn": components["parameters"]["PubSubSubscriptionArn"];
      };
      path?: never;
      cookie?: never;
    };
    /** @description The envelope as JSON text: parse the raw body (sent as `text/plain; charset=UTF-8`) as JSON to get a `NotificationMessage`. Check `webhook-signature` on the raw body before parsing. */
    requestBody: {
      content: {
        /** @example {"Type":"Notification","MessageId":"msg_2Kp7w9YzL4cQ","TopicArn":"arn:street-events:sns:eu-west-2:000000000000:SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y","Message":"{\"update_id\":1045874,\"update_date_time\":\"2026-11-20T09:14:02.118Z\",\"event_type\":\"permit_submitted\",\"event_type_string\":\"Permit submitted\",\"object_type\":\"permit\",\"object_type_string\":\"Permit\",\"work_reference_number\":\"NW7001000123456\",\"object_reference_number\":\"NW7001000123456-01\",\"parent_object_reference_number\":\"NW7001000123456\",\"promoter_swa_code\":\"7001\",\"internal_user_identifier\":\"EMP-00421\",\"internal_user_name\":\"Sam Patel\"}","Timestamp":"2026-11-20T09:14:02.301Z","SignatureVersion":"1","Signature":"JeEIIPCt2BcE4TEwrf0AFGovNtUtuCLVojd62dxFtib1jHINJMhPP0Qqng0ceYJggwt3hJ8AW4qTLEwxllWgdOH2EK13DlPmSw+mZoKRE2q4z42iwEwpucNWx8dbu9YRvVBf6OhS8qmNnWaYF3g126m5hAz/stYBePjmzYNNGC91FCcNoanb7SpKeAmjXNn2UBuD6O2j2ifdkhO620JaSR1q9j+FHXBC+PlrufxBhSyh0Zg6PUU8zMnVEJgFy85E3aP7GeD6/XhCkluevY0YksQldus//VFwjrbk2NheqGXtbu2DjZpzhZ+Y2NqlUrQkarbvclDpmjXfn0Q9ecttoQ==","SigningCertURL":"https://events.example/v7/event/api-notifications/signing-certificates/1.pem","UnsubscribeURL":"https://events.example/v7/event/api-notifications/unsubscribe-link?subscription=SUB-01JD2K8W4X9Q7M3N5P6R8T0V2Y&token=1-pkAwv4tyd_eRW4QtEh4wdfOnz_nW8O8kqjqRKbkUU"} */
        "text/plain": string;
      };
    };
    responses: {
      /** @description Any 2xx status acknowledges the message. Answer within 15 seconds; do the work afterwards. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Gone. The service removes the subscription and stops delivering. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other status, a redirect, a timeout (15 s by default) or a connection failure is a failed attempt; the message is retried with exponential backoff and jitter (by default after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, honouring a longer `Retry-After`) and dead-lettered after the last attempt; the service's operator can replay dead letters, with the same `webhook-id`. A later notification about the same work waits while an earlier one is retried. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}

// Named aliases of the component schemas.
export type NotificationPayload = components["schemas"]["NotificationPayload"];
export type ErrorCode = components["schemas"]["ErrorCode"];
export type ValidationRule = components["schemas"]["ValidationRule"];
export type ValidationErrorDetail = components["schemas"]["ValidationErrorDetail"];
export type ErrorResponse = components["schemas"]["ErrorResponse"];
export type WorkReferenceNumber = components["schemas"]["WorkReferenceNumber"];
export type AuditEventType = components["schemas"]["AuditEventType"];
export type AuditObjectTypeResponse = components["schemas"]["AuditObjectTypeResponse"];
export type WorkUpdateSummary = components["schemas"]["WorkUpdateSummary"];
export type WorkUpdateResponse = components["schemas"]["WorkUpdateResponse"];
export type PermitSearchRequest = components["schemas"]["PermitSearchRequest"];
export type WorkCategoryResponse = components["schemas"]["WorkCategoryResponse"];
export type TrafficManagementTypeResponse = components["schemas"]["TrafficManagementTypeResponse"];
export type PermitStatusResponse = components["schemas"]["PermitStatusResponse"];
export type WorkStatusResponse = components["schemas"]["WorkStatusResponse"];
export type ActivityTypeResponse = components["schemas"]["ActivityTypeResponse"];
export type AssessmentStatusResponse = components["schemas"]["AssessmentStatusResponse"];
export type PermitConditionTypeResponse = components["schemas"]["PermitConditionTypeResponse"];
export type PermitCondition = components["schemas"]["PermitCondition"];
export type LaneRentalAssessmentOutcomeResponse =
  components["schemas"]["LaneRentalAssessmentOutcomeResponse"];
export type PermitSummaryResponse = components["schemas"]["PermitSummaryResponse"];
export type PermitSearchReportingResponse = components["schemas"]["PermitSearchReportingResponse"];
export type SubscriptionEndpoint = components["schemas"]["SubscriptionEndpoint"];
export type InternalUserIdentifier = components["schemas"]["InternalUserIdentifier"];
export type InternalUserName = components["schemas"]["InternalUserName"];
export type SubscriptionCreateRequest = components["schemas"]["SubscriptionCreateRequest"];
export type SubscriptionReferenceNumber = components["schemas"]["SubscriptionReferenceNumber"];
export type SubscriptionCreateResponse = components["schemas"]["SubscriptionCreateResponse"];
export type SubscriptionRemoveRequest = components["schemas"]["SubscriptionRemoveRequest"];
export type GetSubscriptionsResponse = components["schemas"]["GetSubscriptionsResponse"];
export type TopicArn = components["schemas"]["TopicArn"];
export type SubscriptionConfirmationMessage =
  components["schemas"]["SubscriptionConfirmationMessage"];
export type SubscriptionConfirmedResponse = components["schemas"]["SubscriptionConfirmedResponse"];
export type WebhookPublicKey = components["schemas"]["WebhookPublicKey"];
export type WebhookKeySet = components["schemas"]["WebhookKeySet"];
export type NotificationMessage = components["schemas"]["NotificationMessage"];
export type SubscriptionUnsubscribedResponse =
  components["schemas"]["SubscriptionUnsubscribedResponse"];

/** Every enumeration: `values` in document order without the placeholder, the `placeholder` of an open enumeration, the `texts` of `x-enumDescriptions`, the `statuses` of `x-enumStatuses`. */
export const enumerations = {
  ErrorCode: {
    values: [
      "validation_failed",
      "unauthenticated",
      "forbidden",
      "not_found",
      "method_not_allowed",
      "request_timeout",
      "conflict",
      "payload_too_large",
      "uri_too_long",
      "unsupported_media_type",
      "expectation_failed",
      "locked",
      "rate_limited",
      "header_fields_too_large",
      "internal_error",
      "service_unavailable",
    ],
    placeholder: "upcoming_enum",
    texts: {
      validation_failed: "400: the request breaks a constraint of the document; see `details`.",
      unauthenticated: "401: the `token` header is missing, unknown or revoked.",
      forbidden: "403: the caller's role, organisation or contracts do not allow this request.",
      not_found: "404: no such route, or no such resource visible to the caller.",
      method_not_allowed:
        "405: the path exists, but not with this method; the `Allow` header lists its methods.",
      request_timeout:
        "408: the request ran longer than its time limit (30 seconds for polling and permit search), or the client took longer than 30 seconds to send its headers or its body.",
      conflict:
        "409: the request conflicts with the current state (for example, a subscription already exists).",
      payload_too_large: "413: the request body is larger than the service accepts.",
      uri_too_long:
        "414: the request target (path and query string) is longer than 8192 characters.",
      unsupported_media_type: "415: the request body is not `application/json`.",
      expectation_failed: "417: the request has an `Expect` header other than `100-continue`.",
      locked:
        "423: the account is locked after five failed logins in a row; retry after `Retry-After` seconds.",
      rate_limited: "429: too many requests; wait for `Retry-After` seconds.",
      header_fields_too_large: "431: the request line and headers together are larger than 16 KiB.",
      internal_error: "500: an unexpected failure in the service.",
      service_unavailable:
        "503: the service is shutting down and takes no new requests; retry on another instance or later.",
      upcoming_enum: "A code added in a later version.",
    },
    statuses: {
      validation_failed: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      request_timeout: 408,
      conflict: 409,
      payload_too_large: 413,
      uri_too_long: 414,
      unsupported_media_type: 415,
      expectation_failed: 417,
      locked: 423,
      rate_limited: 429,
      header_fields_too_large: 431,
      internal_error: 500,
      service_unavailable: 503,
    },
  },
  ValidationRule: {
    values: [
      "required",
      "type",
      "format",
      "enum",
      "const",
      "minimum",
      "maximum",
      "exclusiveMinimum",
      "exclusiveMaximum",
      "multipleOf",
      "minLength",
      "maxLength",
      "pattern",
      "minItems",
      "maxItems",
      "uniqueItems",
      "additionalProperties",
      "oneOf",
      "anyOf",
      "formatMinimum",
      "json",
      "characters",
      "encoding",
      "http",
    ],
    placeholder: "upcoming_enum",
    texts: {
      required: "A required field, or the required body, is missing.",
      type: "The value is not of the type the document gives (a string where a number is due, an array where an object is due).",
      format:
        "The string is not of its format: a `date-time` must be RFC 3339 with a year from 0001 to 9999 (in UTC) and seconds from 00 to 59; a `uri` an absolute URL.",
      enum: "The value is not one the document lists.",
      const: "The value is not the one the document allows.",
      minimum: "The number is below the document's minimum.",
      maximum: "The number is above the document's maximum.",
      exclusiveMinimum: "The number is not above the document's exclusive minimum.",
      exclusiveMaximum: "The number is not below the document's exclusive maximum.",
      multipleOf:
        "The number is not a whole number (or not a multiple of what the document gives).",
      minLength: "The string is shorter than the document allows.",
      maxLength: "The string is longer than the document allows.",
      pattern: "The string does not match the document's pattern.",
      minItems: "The array has fewer items than the document allows.",
      maxItems: "The array has more items than the document allows.",
      uniqueItems: "The array repeats an item.",
      additionalProperties: "A property or query parameter the document does not list.",
      oneOf: "The value matches none (or more than one) of the forms the document gives.",
      anyOf: "The value matches none of the forms the document gives.",
      formatMinimum:
        "A date-time earlier than another field of the request allows (an `end_date` before the `start_date`).",
      json: "The body is not valid JSON, or holds a `__proto__` or `constructor.prototype` key.",
      characters: "A string or key holds U+0000, which no value may contain.",
      encoding: "The path or query string has malformed percent-encoding.",
      http: "The request is not valid HTTP/1.1, or its `Host` header names a host the sandbox does not serve.",
      upcoming_enum: "A rule added in a later version.",
    },
  },
  AuditEventType: {
    values: [
      "historic_action",
      "inspection_passed",
      "inspection_failed",
      "inspection_unable_to_carry_out",
      "inspection_further_required",
      "inspection_withdraw_defect",
      "inspection_agreed_site_compliance",
      "activity_submitted",
      "activity_edited",
      "activity_cancelled",
      "fpn_submitted",
      "fpn_accepted",
      "fpn_paid",
      "fpn_disputed",
      "fpn_withdrawn",
      "permit_granted",
      "permit_refused",
      "permit_cancelled",
      "permit_revoked",
      "permit_deemed",
      "paa_granted",
      "paa_refused",
      "paa_cancelled",
      "paa_revoked",
      "alteration_submitted",
      "alteration_refused",
      "alteration_granted",
      "alteration_granted_with_duration_challenge",
      "alteration_deemed",
      "alteration_cancelled",
      "lane_rental_assessed",
      "reinstatement_submitted",
      "file_uploaded",
      "comment_submitted",
      "work_start_logged",
      "work_stop_logged",
      "work_start_reverted",
      "work_stop_reverted",
      "forward_plan_submitted",
      "forward_plan_cancelled",
      "user_removed",
      "user_invited",
      "inspection_units_logged",
      "permit_submitted",
      "paa_submitted",
      "forward_plan_edited",
      "permit_discount_updated",
      "paa_discount_updated",
      "paa_deemed",
      "organisation_contract_added",
      "organisation_contract_removed",
      "organisation_updated",
      "workstream_created",
      "workstream_updated",
      "inspection_works_stopped",
      "inspection_works_stopped_apparatus_remaining",
      "inspection_works_in_progress",
      "inspection_works_in_progress_no_carriageway_incursion",
      "inspection_non_compliant_with_conditions",
      "permit_modification_request",
      "scheduled_inspection_cancelled",
      "scheduled_inspection_created",
      "alteration_applied_auto",
      "section_81_submitted",
      "final_reinstatement_updated",
      "section_81_acknowledged",
      "section_81_accepted",
      "section_81_accepted_fixed",
      "section_81_rejected",
      "section_81_resolved_by_ha",
      "section_81_cancelled",
      "user_roles_updated",
      "support_desk_action",
      "user_name_updated",
      "permit_hs2_acknowledged",
      "geographical_area_created",
      "geographical_area_updated",
      "workstream_access_updated",
      "planned_works_record_created",
      "in_progress_works_record_created",
      "historic_works_record_created",
      "non_notifiable_works_record_created",
      "section_81_works_record_created",
      "unattributable_works_record_created",
      "sample_inspection_target_created",
      "sample_inspection_target_updated",
      "sample_inspection_created",
      "sample_inspection_completed",
      "sample_inspection_removed",
      "sample_inspection_expired",
      "internal_comment_submitted",
      "comment_read",
      "excavation_carried_out_updated",
      "sample_inspection_target_closed",
      "section_81_linked_to_permit",
      "section_81_unlinked_from_permit",
      "section_81_reassigned",
      "permit_granted_with_duration_challenge",
      "inspection_withdrawn",
      "section_74_warning_issued",
      "section_74_warning_acknowledged",
      "section_74_site_visited_and_rectified",
      "section_74_charges_ended",
      "section_74_warning_disputed",
      "section_74_withdrawn",
      "section_74_draft_invoice_issued",
      "section_74_resolved",
      "section_74_draft_invoice_acknowledged",
      "section_74_charge_under_review",
      "section_74_charge_agreed",
      "alteration_duration_challenge_accepted",
      "alteration_duration_challenge_not_accepted",
      "alteration_duration_challenge_non_acceptance_response",
      "permit_duration_challenge_accepted",
      "permit_duration_challenge_not_accepted",
      "permit_duration_challenge_non_acceptance_response",
      "section_58_created",
      "section_58_progressed",
      "section_58_cancelled",
      "section_58_closed",
      "reinstatement_deleted",
      "site_deleted",
      "inspection_deleted",
      "site_subsumed",
      "fpn_deleted",
      "current_traffic_management_type_updated",
      "ancillary_info_added",
      "ancillary_info_removed",
      "sample_inspection_issued",
      "inspection_outcome_accepted",
      "inspection_outcome_disputed",
      "inspection_outcome_promoter_accepts_failed_inspection",
      "sample_inspection_target_deleted",
      "sample_inspection_quarter_started",
      "sample_inspection_quarter_ended",
      "fee_matrix_updated",
      "organisation_fpn_details_updated",
      "inspection_auto_accepted",
      "sample_inspection_quarter_end_reverted",
      "private_street_notice_issued",
      "private_street_notice_cancelled",
      "non_compliance_issued",
      "non_compliance_withdrawn",
      "non_compliance_resolved",
      "inspection_linked_to_non_compliance",
      "permit_linked_to_non_compliance",
      "inspection_outcome_joint_site_meeting_needed",
      "inspection_outcome_reviewing_dispute",
      "inspection_outcome_no_agreement",
      "non_compliance_works_completed_and_passed",
      "non_compliance_joint_site_meeting_suggested",
      "non_compliance_will_attend_joint_site_meeting",
      "non_compliance_works_complete_ready_for_inspection",
      "non_compliance_joint_site_meeting_not_needed",
      "event_subscription_created",
      "event_subscription_removed",
      "material_classification_submitted",
      "non_compliance_accept_suggestion",
      "permit_under_assessment",
      "alteration_revoked",
      "change_request_submitted",
      "change_request_refused",
      "change_request_granted",
      "change_request_granted_with_duration_challenge",
      "change_request_deemed",
      "change_request_cancelled",
      "change_request_applied_auto",
      "change_request_duration_challenge_accepted",
      "change_request_duration_challenge_not_accepted",
      "change_request_duration_challenge_non_acceptance_response",
      "change_request_revoked",
    ],
    placeholder: "upcoming_event",
    texts: {
      historic_action: "Historic action",
      inspection_passed: "Inspection passed",
      inspection_failed: "Inspection failed",
      inspection_unable_to_carry_out: "Inspection unable to carry out",
      inspection_further_required: "Inspection further required",
      inspection_withdraw_defect: "Inspection withdraw defect",
      inspection_agreed_site_compliance: "Inspection agreed site compliance",
      activity_submitted: "Activity submitted",
      activity_edited: "Activity edited",
      activity_cancelled: "Activity cancelled",
      fpn_submitted: "FPN submitted",
      fpn_accepted: "FPN accepted",
      fpn_paid: "FPN paid",
      fpn_disputed: "FPN disputed",
      fpn_withdrawn: "FPN withdrawn",
      permit_granted: "Permit granted",
      permit_refused: "Permit refused",
      permit_cancelled: "Permit cancelled",
      permit_revoked: "Permit revoked",
      permit_deemed: "Permit deemed",
      paa_granted: "PAA granted",
      paa_refused: "PAA refused",
      paa_cancelled: "PAA cancelled",
      paa_revoked: "PAA revoked",
      alteration_submitted: "Alteration submitted",
      alteration_refused: "Alteration refused",
      alteration_granted: "Alteration granted",
      alteration_granted_with_duration_challenge: "Alteration granted with duration challenge",
      alteration_deemed: "Alteration deemed",
      alteration_cancelled: "Alteration cancelled",
      lane_rental_assessed: "Lane rental assessed",
      reinstatement_submitted: "Reinstatement submitted",
      file_uploaded: "File uploaded",
      comment_submitted: "Comment submitted",
      work_start_logged: "Work start logged",
      work_stop_logged: "Work stop logged",
      work_start_reverted: "Work start reverted",
      work_stop_reverted: "Work stop reverted",
      forward_plan_submitted: "Forward plan submitted",
      forward_plan_cancelled: "Forward plan cancelled",
      user_removed: "User removed",
      user_invited: "User invited",
      inspection_units_logged: "Inspection units logged",
      permit_submitted: "Permit submitted",
      paa_submitted: "PAA submitted",
      forward_plan_edited: "Forward plan edited",
      permit_discount_updated: "Permit discount updated",
      paa_discount_updated: "PAA discount updated",
      paa_deemed: "PAA deemed",
      organisation_contract_added: "Organisation contract added",
      organisation_contract_removed: "Organisation contract removed",
      organisation_updated: "Organisation updated",
      workstream_created: "Workstream created",
      workstream_updated: "Workstream updated",
      inspection_works_stopped: "Inspection works stopped",
      inspection_works_stopped_apparatus_remaining: "Inspection works stopped apparatus remaining",
      inspection_works_in_progress: "Inspection works in progress",
      inspection_works_in_progress_no_carriageway_incursion:
        "Inspection works in progress no carriageway incursion",
      inspection_non_compliant_with_conditions: "Inspection non compliant with conditions",
      permit_modification_request: "Permit modification request",
      scheduled_inspection_cancelled: "Scheduled inspection cancelled",
      scheduled_inspection_created: "Scheduled inspection created",
      alteration_applied_auto: "Alteration applied auto",
      section_81_submitted: "Section 81 submitted",
      final_reinstatement_updated: "Final reinstatement updated",
      section_81_acknowledged: "Section 81 acknowledged",
      section_81_accepted: "Section 81 accepted",
      section_81_accepted_fixed: "Section 81 accepted fixed",
      section_81_rejected: "Section 81 rejected",
      section_81_resolved_by_ha: "Section 81 resolved by highway authority",
      section_81_cancelled: "Section 81 cancelled",
      user_roles_updated: "User roles updated",
      support_desk_action: "Support desk action",
      user_name_updated: "User name updated",
      permit_hs2_acknowledged: "Permit HS2 acknowledged",
      geographical_area_created: "Geographical area created",
      geographical_area_updated: "Geographical area updated",
      workstream_access_updated: "Workstream access updated",
      planned_works_record_created: "Planned works record created",
      in_progress_works_record_created: "In progress works record created",
      historic_works_record_created: "Historic works record created",
      non_notifiable_works_record_created: "Non notifiable works record created",
      section_81_works_record_created: "Section 81 works record created",
      unattributable_works_record_created: "Unattributable works record created",
      upcoming_event: "Upcoming event",
      sample_inspection_target_created: "Sample inspection target created",
      sample_inspection_target_updated: "Sample inspection target updated",
      sample_inspection_created: "Sample inspection created",
      sample_inspection_completed: "Sample inspection completed",
      sample_inspection_removed: "Sample inspection removed",
      sample_inspection_expired: "Sample inspection expired",
      internal_comment_submitted: "Internal comment submitted",
      comment_read: "Comment read",
      excavation_carried_out_updated: "Excavation carried out updated",
      sample_inspection_target_closed: "Sample inspection target closed",
      section_81_linked_to_permit: "Section 81 linked to permit",
      section_81_unlinked_from_permit: "Section 81 unlinked from permit",
      section_81_reassigned: "Section 81 reassigned",
      permit_granted_with_duration_challenge: "Permit granted with duration challenge",
      inspection_withdrawn: "Inspection withdrawn",
      section_74_warning_issued: "Section 74 warning issued",
      section_74_warning_acknowledged: "Section 74 warning acknowledged",
      section_74_site_visited_and_rectified: "Section 74 site visited and rectified",
      section_74_charges_ended: "Section 74 charges ended",
      section_74_warning_disputed: "Section 74 warning disputed",
      section_74_withdrawn: "Section 74 withdrawn",
      section_74_draft_invoice_issued: "Section 74 draft invoice issued",
      section_74_resolved: "Section 74 resolved",
      section_74_draft_invoice_acknowledged: "Section 74 draft invoice acknowledged",
      section_74_charge_under_review: "Section 74 charge under review",
      section_74_charge_agreed: "Section 74 charge agreed",
      alteration_duration_challenge_accepted: "Alteration duration challenge accepted",
      alteration_duration_challenge_not_accepted: "Alteration duration challenge not accepted",
      alteration_duration_challenge_non_acceptance_response:
        "Alteration duration challenge non-acceptance response",
      permit_duration_challenge_accepted: "Permit duration challenge accepted",
      permit_duration_challenge_not_accepted: "Permit duration challenge not accepted",
      permit_duration_challenge_non_acceptance_response:
        "Permit duration challenge non-acceptance response",
      section_58_created: "Section 58 created",
      section_58_progressed: "Section 58 progressed",
      section_58_cancelled: "Section 58 cancelled",
      section_58_closed: "Section 58 closed",
      reinstatement_deleted: "Reinstatement deleted",
      site_deleted: "Site deleted",
      inspection_deleted: "Inspection deleted",
      site_subsumed: "Site subsumed",
      fpn_deleted: "FPN deleted",
      current_traffic_management_type_updated: "Current traffic management type updated",
      ancillary_info_added: "Ancillary info added",
      ancillary_info_removed: "Ancillary info removed",
      sample_inspection_issued: "Sample inspection issued",
      inspection_outcome_accepted: "Inspection outcome accepted",
      inspection_outcome_disputed: "Inspection outcome disputed",
      inspection_outcome_promoter_accepts_failed_inspection:
        "Inspection outcome promoter accepts failed inspection",
      sample_inspection_target_deleted: "Sample inspection target deleted",
      sample_inspection_quarter_started: "Sample inspection quarter started",
      sample_inspection_quarter_ended: "Sample inspection quarter ended",
      fee_matrix_updated: "Fee matrix updated",
      organisation_fpn_details_updated: "Organisation FPN details updated",
      inspection_auto_accepted: "Inspection auto accepted",
      sample_inspection_quarter_end_reverted: "Sample inspection quarter end reverted",
      private_street_notice_issued: "Private street notice issued",
      private_street_notice_cancelled: "Private street notice cancelled",
      non_compliance_issued: "Non-compliance issued",
      non_compliance_withdrawn: "Non-compliance withdrawn",
      non_compliance_resolved: "Non-compliance resolved",
      inspection_linked_to_non_compliance: "Inspection linked to non-compliance",
      permit_linked_to_non_compliance: "Permit linked to non-compliance",
      inspection_outcome_joint_site_meeting_needed: "Inspection outcome joint site meeting needed",
      inspection_outcome_reviewing_dispute: "Inspection outcome reviewing dispute",
      inspection_outcome_no_agreement: "Inspection outcome no agreement",
      non_compliance_works_completed_and_passed: "Non-compliance works completed and passed",
      non_compliance_joint_site_meeting_suggested: "Non-compliance joint site meeting suggested",
      non_compliance_will_attend_joint_site_meeting:
        "Non-compliance will attend joint site meeting",
      non_compliance_works_complete_ready_for_inspection:
        "Non-compliance works complete ready for inspection",
      non_compliance_joint_site_meeting_not_needed: "Non-compliance joint site meeting not needed",
      event_subscription_created: "Event subscription created",
      event_subscription_removed: "Event subscription removed",
      material_classification_submitted: "Material classification submitted",
      non_compliance_accept_suggestion: "Non-compliance accept suggestion",
      permit_under_assessment: "Permit under assessment",
      alteration_revoked: "Alteration revoked",
      change_request_submitted: "Change request submitted",
      change_request_refused: "Change request refused",
      change_request_granted: "Change request granted",
      change_request_granted_with_duration_challenge:
        "Change request granted with duration challenge",
      change_request_deemed: "Change request deemed",
      change_request_cancelled: "Change request cancelled",
      change_request_applied_auto: "Change request applied auto",
      change_request_duration_challenge_accepted: "Change request duration challenge accepted",
      change_request_duration_challenge_not_accepted:
        "Change request duration challenge not accepted",
      change_request_duration_challenge_non_acceptance_response:
        "Change request duration challenge non-acceptance response",
      change_request_revoked: "Change request revoked",
    },
  },
  AuditObjectTypeResponse: {
    values: [
      "permit",
      "reinstatement",
      "inspection",
      "fpn",
      "paa",
      "workstream",
      "work",
      "organisation",
      "activity",
      "forward_plan",
      "comment",
      "scheduled_inspection",
      "section_81",
      "user",
      "geographical_area",
      "change_request",
      "application",
      "sample_inspection",
      "section_74",
      "section_58",
      "site",
      "sample_inspection_target",
      "fee_matrix",
      "non_compliance",
      "private_street",
      "event_subscription",
      "material_classification",
    ],
    placeholder: "upcoming_enum",
    texts: {
      permit: "Permit",
      reinstatement: "Reinstatement",
      inspection: "Inspection",
      fpn: "Fixed penalty notice (FPN)",
      paa: "Provisional advance authorisation (PAA)",
      workstream: "Workstream",
      work: "Work",
      organisation: "Organisation",
      activity: "Activity",
      forward_plan: "Forward plan",
      comment: "Comment",
      scheduled_inspection: "Scheduled inspection",
      section_81: "Section 81",
      user: "User",
      geographical_area: "Geographical area",
      change_request: "Change request",
      application: "Application",
      sample_inspection: "Sample inspection",
      section_74: "Section 74",
      section_58: "Section 58",
      site: "Site",
      sample_inspection_target: "Sample inspection target",
      fee_matrix: "Fee matrix",
      non_compliance: "Non-compliance",
      private_street: "Private street",
      event_subscription: "Event subscription",
      material_classification: "Material classification",
      upcoming_enum: "Upcoming value",
    },
  },
  WorkCategoryResponse: {
    values: [
      "minor",
      "standard",
      "major",
      "immediate_urgent",
      "immediate_emergency",
      "paa",
      "hs2_highway",
    ],
    placeholder: "upcoming_enum",
    texts: {
      minor: "Minor",
      standard: "Standard",
      major: "Major",
      immediate_urgent: "Immediate (urgent)",
      immediate_emergency: "Immediate (emergency)",
      paa: "Provisional advance authorisation (PAA)",
      hs2_highway: "HS2 highway",
      upcoming_enum: "Upcoming value",
    },
  },
  TrafficManagementTypeResponse: {
    values: [
      "road_closure",
      "contra_flow",
      "lane_closure",
      "multi_way_signals",
      "two_way_signals",
      "convoy_workings",
      "stop_go_boards",
      "priority_working",
      "give_and_take",
      "some_carriageway_incursion",
      "no_carriageway_incursion",
    ],
    placeholder: "upcoming_enum",
    texts: {
      road_closure: "Road closure",
      contra_flow: "Contra-flow",
      lane_closure: "Lane closure",
      multi_way_signals: "Multi-way signals",
      two_way_signals: "Two-way signals",
      convoy_workings: "Convoy workings",
      stop_go_boards: "Stop/go boards",
      priority_working: "Priority working",
      give_and_take: "Give and take",
      some_carriageway_incursion: "Some carriageway incursion",
      no_carriageway_incursion: "No carriageway incursion",
      upcoming_enum: "Upcoming value",
    },
  },
  PermitStatusResponse: {
    values: [
      "submitted",
      "granted",
      "permit_modification_request",
      "refused",
      "closed",
      "cancelled",
      "revoked",
      "progressed",
    ],
    placeholder: "upcoming_enum",
    texts: {
      submitted: "Submitted",
      granted: "Granted",
      permit_modification_request: "Permit modification request",
      refused: "Refused",
      closed: "Closed",
      cancelled: "Cancelled",
      revoked: "Revoked",
      progressed: "Progressed",
      upcoming_enum: "Upcoming value",
    },
  },
  WorkStatusResponse: {
    values: [
      "planned",
      "in_progress",
      "completed",
      "cancelled",
      "unattributable",
      "historical",
      "non_notifiable",
      "section_81",
    ],
    placeholder: "upcoming_enum",
    texts: {
      planned: "Planned",
      in_progress: "In progress",
      completed: "Completed",
      cancelled: "Cancelled",
      unattributable: "Unattributable",
      historical: "Historical",
      non_notifiable: "Non-notifiable",
      section_81: "Section 81",
      upcoming_enum: "Upcoming value",
    },
  },
  ActivityTypeResponse: {
    values: [
      "highway_improvement_works",
      "highway_repair_and_maintenance_works",
      "utility_asset_works",
      "utility_repair_and_maintenance_works",
      "diversionary_works",
      "disconnection_or_alteration_of_supply",
      "permanent_reinstatement",
      "remedial_works",
      "section_58",
      "section_50",
      "core_sampling",
      "statutory_infrastructure_works",
      "works_for_rail_purposes",
      "works_for_road_purposes",
      "new_service_connection",
      "optional_permit_no_fee",
    ],
    placeholder: "upcoming_enum",
    texts: {
      highway_improvement_works: "Highway improvement works",
      highway_repair_and_maintenance_works: "Highway repair and maintenance works",
      utility_asset_works: "Utility asset works",
      utility_repair_and_maintenance_works: "Utility repair and maintenance works",
      diversionary_works: "Diversionary works",
      disconnection_or_alteration_of_supply: "Disconnection or alteration of supply",
      permanent_reinstatement: "Permanent reinstatement",
      remedial_works: "Remedial works",
      section_58: "Section 58",
      section_50: "Section 50",
      core_sampling: "Core sampling",
      statutory_infrastructure_works: "Statutory infrastructure works",
      works_for_rail_purposes: "Works for rail purposes",
      works_for_road_purposes: "Works for road purposes",
      new_service_connection: "New service connection",
      optional_permit_no_fee: "Optional permit (no fee)",
      upcoming_enum: "Upcoming value",
    },
  },
  AssessmentStatusResponse: {
    values: [
      "granted",
      "granted_auto",
      "refused",
      "refused_auto",
      "permit_modification_request",
      "revoked",
    ],
    placeholder: "upcoming_enum",
    texts: {
      granted: "Granted",
      granted_auto: "Granted (automatically)",
      refused: "Refused",
      refused_auto: "Refused (automatically)",
      permit_modification_request: "Permit modification request",
      revoked: "Revoked",
      upcoming_enum: "Upcoming value",
    },
  },
  PermitConditionTypeResponse: {
    values: [
      "NCT01a",
      "NCT01b",
      "NCT02a",
      "NCT02b",
      "NCT04a",
      "NCT04b",
      "NCT05a",
      "NCT06a",
      "NCT07a",
      "NCT08a",
      "NCT08b",
      "NCT09a",
      "NCT09b",
      "NCT09c",
      "NCT10a",
      "NCT11a",
      "NCT11b",
      "NCT12a",
    ],
    placeholder: "upcoming_enum",
    texts: {
      NCT01a: "NCT01a: works restricted to specified dates",
      NCT01b: "NCT01b: works duration limited",
      NCT02a: "NCT02a: working restricted to specified days and times",
      NCT02b: "NCT02b: working required outside specified days and times",
      NCT04a: "NCT04a: road space limited to specified dimensions",
      NCT04b: "NCT04b: footway space limited to specified dimensions",
      NCT05a: "NCT05a: road space reduced at specified times",
      NCT06a: "NCT06a: minimum traffic lane width maintained",
      NCT07a: "NCT07a: traffic management removed at specified times",
      NCT08a: "NCT08a: traffic management of a specified type required",
      NCT08b: "NCT08b: traffic signals manually controlled at specified times",
      NCT09a: "NCT09a: advance warning signs displayed",
      NCT09b: "NCT09b: residents and businesses notified in advance",
      NCT09c: "NCT09c: information boards displayed on site",
      NCT10a: "NCT10a: environmental restrictions (noise, dust, vibration)",
      NCT11a: "NCT11a: works coordinated with other activities",
      NCT11b: "NCT11b: access maintained to premises",
      NCT12a: "NCT12a: site cleared and reopened at specified times",
      upcoming_enum: "Upcoming value",
    },
  },
  LaneRentalAssessmentOutcomeResponse: {
    values: [
      "chargeable",
      "potentially_chargeable",
      "charges_waived",
      "exempt",
      "charges_not_applicable",
    ],
    placeholder: "upcoming_enum",
    texts: {
      chargeable: "Chargeable",
      potentially_chargeable: "Potentially chargeable",
      charges_waived: "Charges waived",
      exempt: "Exempt",
      charges_not_applicable: "Charges not applicable",
      upcoming_enum: "Upcoming value",
    },
  },
} as const;

/** Per component schema, the bounding keywords (`maximum`, `maxLength`, `maxItems`, `default`, …) of each property. */
export const propertyConstraints = {
  NotificationPayload: {
    update_id: { format: "double" },
    update_date_time: { format: "date-time" },
    work_reference_number: { maxLength: 24 },
  },
  WorkUpdateSummary: {
    work_reference_number: { maxLength: 24 },
    update_date_time: { format: "date-time" },
    update_id: { format: "double" },
  },
  WorkUpdateResponse: { next_update: { format: "double" } },
  PermitSearchRequest: {
    work_reference_numbers: { maxItems: 1000, uniqueItems: true, items: { maxLength: 24 } },
    next_cursor: { minimum: 0, maximum: 9007199254740991, multipleOf: 1, format: "double" },
    page_size: { minimum: 100, maximum: 500, multipleOf: 1, format: "double", default: 100 },
  },
  PermitSummaryResponse: {
    work_reference_number: { maxLength: 24 },
    proposed_start_date: { format: "date-time" },
    proposed_end_date: { format: "date-time" },
    deadline_date: { format: "date-time" },
    date_created: { format: "date-time" },
    status_changed_date: { format: "date-time" },
    usrn: { format: "double" },
    road_category: { format: "double" },
    proposed_start_time: { format: "date-time" },
    proposed_end_time: { format: "date-time" },
    actual_start_date: { format: "date-time" },
    actual_end_date: { format: "date-time" },
    paa_to_pa_deadline_date: { format: "date-time" },
  },
  PermitSearchReportingResponse: { next_cursor: { minimum: 0, format: "double" } },
  SubscriptionCreateRequest: {
    api_endpoint: { minLength: 1, maxLength: 2048, format: "uri" },
    subscription_description: { maxLength: 100 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  SubscriptionCreateResponse: { subscription_reference_number: { maxLength: 64 } },
  SubscriptionRemoveRequest: {
    subscription_reference_number: { maxLength: 64 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  GetSubscriptionsResponse: { subscription_reference_number: { maxLength: 64 } },
  SubscriptionConfirmationMessage: {
    TopicArn: {
      maxLength: 128,
      pattern: "^arn:street-events:sns:[a-z0-9-]+:[0-9]{12}:SUB-[0-9A-Z]{26}$",
    },
    SubscribeURL: { format: "uri" },
    Timestamp: { format: "date-time" },
    SigningCertURL: { maxLength: 2048, format: "uri" },
  },
  SubscriptionConfirmedResponse: { subscription_reference_number: { maxLength: 64 } },
  NotificationMessage: {
    TopicArn: {
      maxLength: 128,
      pattern: "^arn:street-events:sns:[a-z0-9-]+:[0-9]{12}:SUB-[0-9A-Z]{26}$",
    },
    Timestamp: { format: "date-time" },
    SigningCertURL: { maxLength: 2048, format: "uri" },
    UnsubscribeURL: { maxLength: 2048, format: "uri" },
  },
  SubscriptionUnsubscribedResponse: { subscription_reference_number: { maxLength: 64 } },
} as const;

/** Per operation, the bounding keywords of each parameter. */
export const parameterConstraints = {
  getWorkUpdates: {
    start_date: { format: "date-time" },
    end_date: { format: "date-time" },
    update_id: { minimum: 0, maximum: 9007199254740991, multipleOf: 1, format: "double" },
    page_size: { minimum: 1, maximum: 250, multipleOf: 1, format: "double", default: 100 },
    exclude_events_from: { minLength: 1, maxLength: 100 },
    swa_code: { minLength: 1, maxLength: 4 },
    workstream_prefix: { maxItems: 100, items: { pattern: "^[0-9]{3}$" } },
  },
} as const;

/** Per operation, the limits its `x-limits` states (page budgets, replays an hour, …). */
export const operationLimits = {} as const;
