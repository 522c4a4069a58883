/**
 * Types of the street-events service's operator API.
 *
 * Generated from @street-events/openapi/operator by packages/types/scripts/generate.mjs.
 * Do not edit: change the OpenAPI document, then run `pnpm turbo run generate`
 * (or `pnpm --filter @street-events/types generate` after `pnpm turbo run bundle`).
 */

export interface paths {
  "/works": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit a work with its first permit
     * @description Records a new work and its first permit application, as a promoter would submit them, with the events the permitting system records.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["submitWork"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/permits/{permit_reference_number}/transitions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Record a permit event: an assessment, cancellation, work start or stop, ancillary information
     * @description Records an event of a permit (an assessment, a cancellation, a work start or stop, ancillary information) and its consequences.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["transitionPermit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/permits/{permit_reference_number}/change-requests": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit an alteration or a change request to a permit
     * @description Submits an alteration or a change request to a permit.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["submitChangeRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/change-requests/{reference}/decision": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Grant, refuse or cancel an alteration or change request
     * @description Grants, refuses or cancels an alteration or change request; a grant changes the permit.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["decideChangeRequest"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/works/{work_reference_number}/objects": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a record of a work: inspection, sample inspection, FPN, comment, reinstatement, section 81/74/58, PAA, non-compliance, private street notice, forward plan, scheduled inspection
     * @description Creates a record of a work (an inspection, a sample inspection, a fixed penalty notice, a comment, a reinstatement, a section 81, 74 or 58 notice, a PAA, a non-compliance, a private street notice, a forward plan or a scheduled inspection).
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["openWorkObject"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/objects/{reference}/transitions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move a record of a work on
     * @description Records the next event of a record of a work.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["advanceWorkObject"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/quarters/end": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * End a highway authority's sample inspection quarter
     * @description Ends a highway authority's sample inspection quarter: its open sample inspections expire.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["endQuarter"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/trigger": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Bring about an event of any kind for an organisation
     * @description Brings about an event of any kind for an organisation, recording first what it needs (a work, a permit assessed, a record to move on). The permit it submits (a new work's, or a refused one submitted again) takes the field values given in `values`. Served by the sandbox alone (`serve --sandbox`), as the operations tagged `sandbox` are: elsewhere the route does not exist (`404`), since a production database takes no made-up works.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["triggerEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contracts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a contract between a contractor and a promoter
     * @description Adds a contract between a contractor and a promoter: the contractor then sees the promoter's works.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["addContract"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/contracts/{contractor}/{promoter}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove the active contract between a contractor and a promoter
     * @description Removes the active contract between a contractor and a promoter.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    delete: operations["removeContract"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/subscriptions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List subscriptions with their organisation, endpoint and state
     * @description Lists the subscriptions with their organisation, endpoint and state, by organisation name.
     *
     *     Open to every role with the caller's own token (an API token or a login token). The Operator sees every organisation's subscriptions; any other caller sees its own organisation's alone, and `organisation` naming another organisation (or none that exists) gives an empty list. Counted against the caller's rate limit, as the event interface's operations are.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority, Operator. A user holding none of them is refused with `403`.
     */
    get: operations["listSubscriptions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/organisations/{organisation}/subscription": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Point an organisation's subscription at an endpoint, creating it if need be
     * @description Points an organisation's subscription at an endpoint. Without a subscription, one is created and its confirmation sent to the endpoint. Confirming on the receiver's behalf, and changing an existing subscription, only in the sandbox. A subscription confirmed here is still sent its `SubscriptionConfirmation`, whose `SubscribeURL` answers `200` once, as if it confirmed it: a receiver that accepts only the subscriptions it confirmed knows it as its own.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    put: operations["pointSubscription"];
    post?: never;
    /**
     * Remove an organisation's subscription
     * @description Removes an organisation's subscription; its pending messages are dropped.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    delete: operations["removeSubscription"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/subscriptions/{subscription_reference_number}/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A subscription's messages, newest first, each with its newest attempts
     * @description Lists a subscription's messages, newest first, each with how many attempts the log holds of it (`attempt_count`) and its newest attempts, at most ten (oldest first): each attempt's request as sent (headers and body), the answer's status and excerpt, its latency, its outcome and when the message is tried next. A message with more attempts than it shows has an `attempts_cursor` for `listMessageAttempts`, which pages through the rest.
     *
     *     A page holds at most `limit` messages, and its answer at most 256 KiB of JSON: it ends before the message that would take it past that budget (sizes are counted in the database, before any attempt is read), so a page stays small whatever the log holds; it always holds one message when there is one, even one larger than the budget alone (its ten attempts would each have to exceed 25 KiB). `next_cursor` then gives the next page.
     *
     *     Open to every role with the caller's own token (an API token or a login token). The Operator reads any subscription's messages; any other caller its own organisation's alone: another organisation's subscription is `404`, exactly as an unknown one. Counted against the caller's rate limit, as the event interface's operations are; an organisation reads its delivery history (`listMessages`, `listMessageAttempts`, `listDeadLetters`) at most 2 at once, all its users together: one more read is `429` with `Retry-After: 1` at once. A `before` that is not a `next_cursor` this operation gave is `400`.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority, Operator. A user holding none of them is refused with `403`.
     */
    get: operations["listMessages"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/subscriptions/{subscription_reference_number}/messages/{message_id}/attempts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A message's attempts, newest first, a page at a time
     * @description Lists the attempts the log holds of one message of a subscription, newest first: the rest of those `listMessages` shows (give its `attempts_cursor` as `before`), or all of them from the newest. A page holds at most `limit` attempts, and its answer at most 256 KiB of JSON, as `listMessages`' does: it ends before the attempt that would take it past that (it always holds one when there is one).
     *
     *     Open to every role with the caller's own token, as `listMessages`: another organisation's subscription, or a message that is not the subscription's, is `404`, exactly as an unknown one. Counted as a read of the delivery history (see `listMessages`). A `before` that is not a cursor this service gave for this message is `400`.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority, Operator. A user holding none of them is refused with `403`.
     */
    get: operations["listMessageAttempts"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/dead-letters": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List dead letters: messages whose every attempt failed
     * @description Lists the messages whose every attempt failed, oldest first, at most `limit` a page; `next_cursor` gives the next page (as `after`).
     *
     *     Open to every role with the caller's own token (an API token or a login token). The Operator sees every organisation's dead letters; any other caller its own organisation's alone (`subscription` naming another organisation's gives an empty list). Counted against the caller's rate limit, as the event interface's operations are, and as a read of the delivery history (see `listMessages`). An `after` that is not a `next_cursor` this operation gave is `400`.
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority, Operator. A user holding none of them is refused with `403`.
     */
    get: operations["listDeadLetters"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/messages/{message_id}/replay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Queue a dead or delivered message again, with the same webhook-id
     * @description Queues a dead or delivered message again, with the same webhook-id.
     *
     *     Open to every role with the caller's own token (an API token or a login token). The Operator replays any organisation's message; any other caller its own organisation's alone: another organisation's message is `404`, exactly as an unknown one, and nothing is queued. Counted against the caller's rate limit, as the event interface's operations are.
     *
     *     Replays are bounded across every instance of the service (counted in the database): a message is queued once at a time (`409` while it is) and replayed at most 5 times an hour, and an organisation's callers replay at most 1000 messages an hour in all (the operator sets both: `REPLAYS_PER_MESSAGE`, `REPLAYS_PER_ORGANISATION`); past either the answer is `429` with `Retry-After`, the seconds until the oldest replay counted leaves the hour. The Operator's replays count towards the message's bound but not an organisation's, and the command line's bulk replay of dead letters (`deliveries replay`) is bounded by neither. Queuing a message again keeps its newest 20 attempts in the log and removes older ones, so the log holds at most 20 attempts of a message plus those of one delivery (the retry schedule's length).
     *
     *     **Allowed roles:** Planner, Contractor, HighwayAuthority, Operator. A user holding none of them is refused with `403`.
     */
    post: operations["replayMessage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/deliveries/stream": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Server-sent events: attempts recorded and messages queued, as they happen
     * @description Server-sent events of the message log: attempts as they are recorded and messages as they are queued, by any process.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    get: operations["streamDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/receiver-checks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a webhook receiver against the interface's notifications
     * @description Runs the receiver check against a receiver's URL and answers its scorecard: messages sent as deliveries send them (the same envelope, signature schemes and time-out), one check after another, each saying what the interface expects and what the receiver did (see `ReceiverCheckName` for the checks). The handshake's `SubscribeURL` is this service's own confirmation link, answered `200` while the check waits for it; the messages are made up (work references starting `CHECK`), so point it at a receiver of a test environment. The endpoint must be one this service may deliver to (the same checks as a subscription's: loopback and private addresses only where allowed, as in the sandbox). A check takes at most about three minutes (thirteen messages of at most one delivery time-out each); a caller runs one at a time (`429` while one runs). `street-events verify-receiver` and the console's "Check a receiver" call it.
     *
     *     What the check sends names nothing the caller does not own. Its `TopicArn` is a new subscription reference, or a subscription of the caller's organisation: any other reference given, unknown or another organisation's, is `404` in the same words, so the answer never tells whether it exists (an unknown one is not taken as a made-up topic; leaving the reference out gives one). Its links (`SubscribeURL`, `SigningCertURL`, `UnsubscribeURL`) are on this service's own base URL, never a host the caller chooses (see `service_url`); only `certificate_off_host` names another host, on purpose: the check's own, on loopback. Its `Signature` is made with a key and certificate made for the check alone, which the service serves at `SigningCertURL` (`{base_url}/api-notifications/signing-certificates/check-<n>.pem`) while the check runs (`404` after it), never with the live certificate: a check's `Signature` is never one a real delivery carries, and its `UnsubscribeURL` unsubscribes nothing. The `service` style's `webhook-signature` is made with the service's active keys, because a receiver takes the keys it trusts from the published key set (`/.well-known/webhook-keys`) and trusts each of them for every message: a key made for the check would have to be published there, trusted by every receiver for real deliveries too and kept in their caches after the check. The `pubsub` style carries no `webhook-signature`, so nothing it sends is signed with a live key.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["checkReceiver"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/organisations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The sandbox organisations with the token of each user (sandbox only)
     * @description The organisations of the sandbox, each with the token of each of its users. Served only in the sandbox (`serve --sandbox`); elsewhere `404`.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    get: operations["listSandboxOrganisations"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/commands": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run a command of the command line in the sandbox (sandbox only)
     * @description Runs a command of the service's `street-events` command line in the sandbox's process, on its database, and answers what the command printed and its exit code, as the command line would have in a terminal. A PGlite data directory serves one process, so the command line sends here the commands that need the directory a running sandbox holds (`org list`, `token issue`, `deliveries dead`, …). The sandbox runs only what a developer would run locally on its database, and reaches nothing else: it refuses with `400`, before anything runs, a command line that names another database, service or token (`--data-dir`, `--database-url`, `--service`, `--token`, anywhere, alone or as `--option=value`: the `pattern` of `argv`'s items, naming `argv[i]`), and a command that reaches a service by a URL of its own or that serves or runs until interrupted, whatever its options (`chaos`, `listen`, `trigger`, `clock`, `scenario`, `verify-receiver`, `serve`, `worker`, `simulate`; its command word is named, `argv[i]`, rule `enum`). The command line runs those itself, beside the sandbox. Served only in the sandbox (`serve --sandbox`); elsewhere `404`.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["runSandboxCommand"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/clock": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The sandbox's clock (sandbox only)
     * @description The sandbox's time, the wall clock's, and how far ahead the sandbox runs. Served only in the sandbox (`serve --sandbox`); elsewhere `404`: a service outside the sandbox has no clock to move.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    get: operations["readSandboxClock"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/chaos": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The sandbox's chaos profile, and what was sent against what was polled (sandbox only)
     * @description The chaos profile the sandbox runs under (`serve --sandbox --chaos <preset-or-file>`), its seed, and per organisation the notifications its subscription was sent, dropped, duplicated and delayed, beside the highest update_id its polls have been answered with and the latest one visible to it: `caught_up` says whether its polling has reached what it can see. Notifications are not guaranteed and polling is the source of truth, so an integration that reconciles both is caught up whatever was dropped. Served only in the sandbox with a chaos profile; elsewhere `404`.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    get: operations["readSandboxChaos"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/clock/advance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Move the sandbox's clock forward (sandbox only)
     * @description Moves the sandbox's clock forward, and applies at once what the time passed brings: permit applications still awaiting assessment at their deadline are deemed (`permit_deemed`), each highway authority ends a quarter that ended with sample inspections still open in it (`sample_inspection_expired`, `sample_inspection_quarter_ended`), subscriptions left unconfirmed for 48 hours are removed; then deliveries that fell due, retries included, are sent. The clock is kept across restarts. It runs at most 3650 days (315360000 seconds, the maximum of `offset_seconds`) ahead of the wall clock: a move that would take it further is refused with `400` naming `by` (rule `maximum`), nothing moved or applied; `resetSandboxClock` puts it back. Served only in the sandbox; elsewhere `404`.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["advanceSandboxClock"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sandbox/clock/reset": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Put the sandbox's clock back to the wall clock (sandbox only)
     * @description Puts the sandbox's clock back to the wall clock. What was recorded while it ran ahead keeps its times, and deadlines it passed stay applied; what waits on the sandbox's time (a delivery's next attempt, an unconfirmed subscription's 48 hours) is brought back by as much, so it waits no longer than it had left. Served only in the sandbox; elsewhere `404`.
     *
     *     **Allowed roles:** Operator. A user holding none of them is refused with `403`.
     */
    post: operations["resetSandboxClock"];
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
     * AttemptOutcome
     * @description What came of a delivery attempt: `delivered`, `retry` (tried again later) or `dead` (no attempt is left).
     * @enum {string}
     */
    AttemptOutcome: "delivered" | "retry" | "dead";
    /**
     * ChangeRequestDecision
     * @description The decision on an alteration or change request.
     * @enum {string}
     */
    ChangeRequestDecision: "granted" | "refused" | "cancelled";
    /**
     * ChangeRequestKind
     * @description An alteration or a change request.
     * @enum {string}
     */
    ChangeRequestKind: "alteration" | "change_request";
    /**
     * DeliveryKind
     * @description The kind of a message: the subscription confirmation, or a notification.
     * @enum {string}
     */
    DeliveryKind: "confirmation" | "notification";
    /**
     * InternalAttempt
     * @description One delivery attempt, as sent and as answered.
     */
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
      outcome: components["schemas"]["AttemptOutcome"];
      next_attempt_at: string | null;
    };
    /** InternalChangeRequestDecision */
    InternalChangeRequestDecision: {
      decision: components["schemas"]["ChangeRequestDecision"];
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /** InternalChangeRequestSubmission */
    InternalChangeRequestSubmission: {
      kind: components["schemas"]["ChangeRequestKind"];
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
      traffic_management_type?:
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
        | "no_carriageway_incursion";
      /** @description New description of the works. */
      description_of_work?: string;
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /**
     * InternalChaosOrganisation
     * @description What the sandbox sent an organisation under its chaos profile, and where the organisation's polling has reached.
     */
    InternalChaosOrganisation: {
      /** @description The organisation's name. */
      organisation: string;
      /** @description Notifications created for the organisation's subscription since the sandbox started under its profile (each message once, whatever its attempts). */
      created: number;
      /** @description Of those, the ones sent to the receiver (taken by it at least once). */
      sent: number;
      /** @description Of those, the ones dropped (never sent; recorded as delivered). */
      dropped: number;
      /** @description Of those, the ones sent twice. */
      duplicated: number;
      /** @description Of those, the ones sent late. */
      delayed: number;
      /** @description The highest update_id the organisation's polls have been answered with (or polled from at the end of its feed); null before its first poll. */
      poller_position: number | null;
      /** @description The latest update_id visible to the organisation's polling now (the lag applied); null when none is. */
      head: number | null;
      /** @description Whether the organisation's polling has reached its head. */
      caught_up: boolean;
    };
    /**
     * InternalChaosProfile
     * @description How the sandbox misbehaves under `serve --sandbox --chaos <preset-or-file>`, as the real system may on a bad day: notifications dropped, duplicated, delayed and reordered on their way to the receiver, polls and permit searches answered `503` or `429`, and polling showing an update only some time after it was recorded. Notifications are a hint and polling is the source of truth: an integration that reconciles the two ends up with every update whatever this profile does. Each decision about a notification is a function of the seed (`--chaos-seed`) and its message id, so the same seed and the same messages give the same decisions. The presets are `mild`, `flaky` and `storm`; a JSON or YAML file gives the same fields (every one may be left out: it is then 0, or false).
     */
    InternalChaosProfile: {
      /**
       * @description Share of notifications never sent to the receiver; the service records them as delivered. The `SubscriptionConfirmation` handshake is never dropped, duplicated or delayed.
       * @default 0
       */
      drop_rate?: number;
      /**
       * @description Share of notifications sent twice, with the same `webhook-id` (`MessageId`).
       * @default 0
       */
      duplicate_rate?: number;
      /**
       * @description Share of notifications sent later, by up to `max_delay_ms`, so that notifications of different works arrive out of their order.
       * @default 0
       */
      delay_rate?: number;
      /**
       * @description The longest delay of a delayed notification, in milliseconds (at most 15 seconds, within the time limit of a delivery attempt).
       * @default 0
       */
      max_delay_ms?: number;
      /**
       * @description Whether a delayed notification may be overtaken by later ones of its own work. By default a delayed notification holds the later ones of its work behind it (their order is kept).
       * @default false
       */
      reorder_within_work?: boolean;
      /**
       * @description Share of polls and permit searches answered `503` with `Retry-After` and the error body.
       * @default 0
       */
      unavailable_rate?: number;
      /**
       * @description Share of polls and permit searches answered `429` with `Retry-After` and the error body.
       * @default 0
       */
      throttled_rate?: number;
      /**
       * @description The `Retry-After` of those answers, in seconds.
       * @default 1
       */
      retry_after_seconds?: number;
      /**
       * @description How old an update must be on the sandbox's clock before polling shows it, in milliseconds (at most ten minutes). Polling shows every update up to the latest one that old, and none after it, so an update is never skipped: it appears once the lag has passed.
       * @default 0
       */
      visibility_lag_ms?: number;
    };
    /**
     * InternalChaosStatus
     * @description The sandbox's chaos profile, its seed, and per organisation what was sent against where its polling has reached. Organisations are listed once they were sent a notification or polled.
     */
    InternalChaosStatus: {
      profile: components["schemas"]["InternalChaosProfile"];
      /** @description The preset's name, when the profile is one (not a file). */
      preset?: string;
      /** @description The seed of the decisions (`--chaos-seed`). */
      seed: number;
      organisations: components["schemas"]["InternalChaosOrganisation"][];
    };
    /** InternalClockAdvance */
    InternalClockAdvance: {
      /** @description How far to move the clock forward: a whole number (1 to 9999) and a unit, `s` (seconds), `m` (minutes), `h` (hours), `d` (days) or `w` (weeks); e.g. `49h`, `8d`. The clock runs at most 3650 days ahead of the wall clock (the maximum of `InternalSandboxClock.offset_seconds`): a move past it is refused with `400` naming `by` (rule `maximum`), and the clock does not move. */
      by: string;
    };
    /**
     * InternalClockAdvanced
     * @description The clock after the move, and what followed at once: the events recorded by the deadlines it passed (permits deemed, quarters ended: each at the moment of its deadline, in time order), and the subscriptions removed because they were not confirmed within 48 hours. Deliveries that fell due (retries included) are sent by the delivery worker straight after.
     */
    InternalClockAdvanced: {
      clock: components["schemas"]["InternalSandboxClock"];
      events: components["schemas"]["InternalRecordedEvent"][];
      /** @description The references of the subscriptions removed. */
      subscriptions_removed: string[];
    };
    /** InternalContract */
    InternalContract: {
      /** @description The contractor: its swa_code or its name. */
      contractor: string;
      /** @description The promoter: its swa_code or its name. */
      promoter: string;
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /**
     * InternalDeadLetter
     * @description A message whose every attempt failed.
     */
    InternalDeadLetter: {
      /** @description The message id: its `webhook-id` and `MessageId`. */
      message_id: string;
      /** @description The subscription reference. */
      subscription_reference_number: string;
      kind: components["schemas"]["DeliveryKind"];
      attempts: number;
      /** Format: date-time */
      created_at: string;
      last_error: string | null;
    };
    /**
     * InternalDeadLetterList
     * @description Dead letters, oldest first.
     */
    InternalDeadLetterList: {
      dead_letters: components["schemas"]["InternalDeadLetter"][];
      /** @description Give it as `after` for the next page; null on the last. */
      next_cursor: string | null;
    };
    /**
     * InternalDeliveryChange
     * @description An event of the delivery stream (its `data`, as JSON; the event name is its `type`).
     */
    InternalDeliveryChange:
      | {
          /** @constant */
          type: "attempt";
          /** @description The subscription reference. */
          subscription: string;
          /** @description The message id: its `webhook-id` and `MessageId`. */
          message_id: string;
          kind: components["schemas"]["DeliveryKind"];
          event_type: components["schemas"]["AuditEventType"] | null;
          update_id: number | null;
          /** Format: date-time */
          attempted_at: string;
          status: number | null;
          error: string | null;
          latency_ms: number;
          outcome: components["schemas"]["AttemptOutcome"];
          next_attempt_at: string | null;
        }
      | {
          /** @constant */
          type: "queued";
          /** @description The subscription reference. */
          subscription: string;
          /** @description The message id: its `webhook-id` and `MessageId`. */
          message_id: string;
        };
    /**
     * InternalMessage
     * @description A message of a subscription, its state, how many attempts the log holds of it and the newest of them (oldest first).
     */
    InternalMessage: {
      /** @description The message id: its `webhook-id` and `MessageId`. */
      message_id: string;
      kind: components["schemas"]["DeliveryKind"];
      state: components["schemas"]["MessageState"];
      /** Format: date-time */
      created_at: string;
      event_type: components["schemas"]["AuditEventType"] | null;
      update_id: number | null;
      object_reference_number: string | null;
      /** @description When a pending message is tried next; null while it waits behind an earlier one of its work. */
      next_attempt_at: string | null;
      /** @description How many attempts of the message the log holds. */
      attempt_count: number;
      /** @description The newest attempts, at most ten, oldest first. */
      attempts: components["schemas"]["InternalAttempt"][];
      /** @description When the log holds older attempts than those shown: give it as `before` to `listMessageAttempts` for them; null otherwise. */
      attempts_cursor: string | null;
    };
    /**
     * InternalMessagePage
     * @description Messages, newest first.
     */
    InternalMessagePage: {
      messages: components["schemas"]["InternalMessage"][];
      /** @description Give it as `before` for the next page; null on the last. */
      next_cursor: string | null;
    };
    /** InternalObjectOpening */
    InternalObjectOpening: {
      object_type: components["schemas"]["WorkObjectType"];
      /** @description One of the events that create a record of `object_type`. */
      event_type: components["schemas"]["ObjectOpeningEventType"];
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /** InternalObjectTransition */
    InternalObjectTransition: {
      /** @description One of the events that move a record of the record's type on. */
      event_type: components["schemas"]["ObjectTransitionEventType"];
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /** InternalPermitTransition */
    InternalPermitTransition: {
      /** @description The permit event to record. */
      event_type: components["schemas"]["PermitTransitionEventType"];
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /** InternalPosition */
    InternalPosition: number[];
    /** InternalQuarterEnd */
    InternalQuarterEnd: {
      /** @description The highway authority: its swa_code or its name. */
      highway_authority: string;
      /** @description A calendar quarter (UTC), e.g. `2025-Q3`. */
      quarter: string;
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /**
     * InternalRecordedEvent
     * @description An audit event the operation recorded, as committed.
     */
    InternalRecordedEvent: {
      update_id: number;
      /** Format: date-time */
      update_date_time: string;
      event_type: components["schemas"]["AuditEventType"];
      object_type: components["schemas"]["AuditObjectTypeResponse"];
      object_reference_number: string | null;
      parent_object_reference_number: string | null;
    };
    /** InternalReceiverCheck */
    InternalReceiverCheck: {
      endpoint: components["schemas"]["SubscriptionEndpoint"];
      style?: components["schemas"]["ReceiverCheckStyle"];
      /** @description A subscription of the caller's organisation, whose `TopicArn` the receiver expects; by default a new reference, which a receiver learns from the check's handshake. Any other reference, unknown or another organisation's, is refused with `404` in the same words, so the answer never tells whether it exists. */
      subscription_reference_number?: string;
      /**
       * Format: uri
       * @description An `http` or `https` URL: this service's interface base URL as the receiver reaches it (e.g. `https://localhost:8443/v7/event`, the sandbox's HTTPS address, whose certificate the receiver trusts through the sandbox's local certificate authority, or the service under a name of `SANDBOX_HOSTS` from a container): the check's `SubscribeURL`, `SigningCertURL` and `UnsubscribeURL` start with it. It must name this service: the scheme, port and path of its public base URL or of an address it listens on, under that URL's own host, a loopback name or address when that host is loopback, or a host name the sandbox serves (`SANDBOX_HOSTS`), without credentials, query or fragment; any other is refused with `400` naming `service_url` (rule `format`), so that nothing the check signs points a receiver at a host the caller chose. By default the base URL the service gives its own subscriptions (`PUBLIC_BASE_URL`, in the sandbox its HTTPS address).
       */
      service_url?: string;
    };
    /** InternalReceiverCheckResult */
    InternalReceiverCheckResult: {
      check: components["schemas"]["ReceiverCheckName"];
      passed: boolean;
      /** @description What the interface expects of a receiver, in a sentence. */
      expected: string;
      /** @description What the receiver did, in a sentence. */
      observed: string;
      /** @description The HTTP status the receiver answered; null when it did not answer. */
      status: number | null;
      /** @description Milliseconds until the answer's head; null when nothing was sent. */
      latency_ms: number | null;
      /**
       * Format: uri
       * @description Where the documentation explains the check.
       */
      docs: string;
    };
    /** InternalReceiverScorecard */
    InternalReceiverScorecard: {
      /** @description The receiver checked. */
      endpoint: string;
      style: components["schemas"]["ReceiverCheckStyle"];
      /** @description The base URL the check's links started with. */
      service_url: string;
      /** @description The `TopicArn` of the check's valid messages. */
      topic_arn: string;
      /** @description Whether every check passed. */
      passed: boolean;
      checks: components["schemas"]["InternalReceiverCheckResult"][];
    };
    /**
     * InternalReplay
     * @description The message is queued again with its webhook-id.
     */
    InternalReplay: {
      /** @description The message id: its `webhook-id` and `MessageId`. */
      message_id: string;
    };
    /**
     * InternalSandboxClock
     * @description The sandbox's clock: its time, the wall clock's, and how far ahead it runs. Everything time-driven in the sandbox follows `now`: the times of events recorded (`update_date_time`), the seven-day rule of polling cursors, the 48-hour window to confirm a subscription, due deliveries and their retries, permits deemed at their assessment deadline and sample inspection quarters ended. What does not follow it: login tokens and sessions (they expire by the wall clock), rate limits, and the times a notification is signed with (`Timestamp`, `webhook-timestamp`), which receivers check against their own clock.
     */
    InternalSandboxClock: {
      /**
       * Format: date-time
       * @description The sandbox's time.
       */
      now: string;
      /**
       * Format: date-time
       * @description The wall clock's time, when read.
       */
      wall_clock: string;
      /** @description How far the sandbox's clock runs ahead of the wall clock, in seconds: at most 315360000 (3650 days, about ten years), so that every time the sandbox records stays within the years a `date-time` may hold. An advance that would take it further is refused (`advanceSandboxClock`). */
      offset_seconds: number;
    };
    /**
     * InternalSandboxCommand
     * @description A command of the service's `street-events` command line, as typed after `street-events` but without the global options that name the database (`--data-dir`, `--database-url`): the sandbox runs it on its own database, as its own Operator, and runs only what reaches nothing but that database.
     */
    InternalSandboxCommand: {
      /** @description The command and its arguments, one word each, e.g. `["org", "list", "--json"]`. No word may be an option that names another database, another service or another token, `--data-dir`, `--database-url`, `--service` or `--token`, whether alone or as `--option=value`, anywhere in the list (the `pattern` of its items): such a word is refused with `400` naming it (`argv[i]`, rule `pattern`). */
      argv: string[];
    };
    /**
     * InternalSandboxCommandResult
     * @description What the command printed and how it ended, as the command line prints and ends in a terminal: a failure (a usage error, an error of the command) is exit code 1 and one line on standard error beginning `error: `. A command the sandbox does not run is no result: it is refused with `400`.
     */
    InternalSandboxCommandResult: {
      /** @description The exit code of the command line, 0 when the command succeeded. */
      exit_code: number;
      /** @description What the command wrote to standard output. */
      stdout: string;
      /** @description What the command wrote to standard error. */
      stderr: string;
    };
    /**
     * InternalSandboxOrganisation
     * @description An organisation of the sandbox and its users, with their tokens.
     */
    InternalSandboxOrganisation: {
      name: string;
      kind: components["schemas"]["OrganisationKind"];
      swa_code: string | null;
      users: {
        username: string;
        role: components["schemas"]["UserRole"];
        token: string;
      }[];
    };
    /**
     * InternalSandboxOrganisationList
     * @description The organisations of the sandbox.
     */
    InternalSandboxOrganisationList: {
      organisations: components["schemas"]["InternalSandboxOrganisation"][];
    };
    /**
     * InternalSubscription
     * @description A subscription, its organisation, endpoint and state.
     */
    InternalSubscription: {
      /** @description The subscription reference. */
      subscription_reference_number: string;
      /** @description The subscribing organisation. */
      organisation: {
        name: string;
        kind: components["schemas"]["OrganisationKind"];
        swa_code: string | null;
      };
      status: components["schemas"]["SubscriptionState"];
      api_endpoint: string;
      description: string;
      /** Format: date-time */
      created_at: string;
      confirmed_at: string | null;
      /** @description Since when its endpoint has failed every attempt: it gets one attempt at a time until one succeeds, and is disabled (removed) after `WEBHOOK_DISABLE_AFTER_DAYS`. Null while the endpoint takes deliveries. */
      failing_since: string | null;
    };
    /**
     * InternalSubscriptionList
     * @description Subscriptions, by organisation name.
     */
    InternalSubscriptionList: {
      subscriptions: components["schemas"]["InternalSubscription"][];
    };
    /**
     * InternalSubscriptionPointing
     * @description Where an organisation's subscription points. Without a subscription, one is created (its confirmation is sent to the endpoint). Confirming on the receiver's behalf, and changing an existing subscription, only in the sandbox.
     */
    InternalSubscriptionPointing: {
      api_endpoint: components["schemas"]["SubscriptionEndpoint"];
      /** @description `confirmed`: confirmed at once, without the handshake (sandbox only). Left out: unchanged. */
      status?: components["schemas"]["SubscriptionState"];
    };
    /**
     * InternalTrigger
     * @description An event of any kind to bring about for an organisation, with what it needs first (a work, a permit assessed, a record to move on).
     */
    InternalTrigger: {
      /** @description The kind of event. */
      event_type:
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
        | "change_request_revoked";
      /** @description The promoter, highway authority or contractor the event is for: its swa_code or its name. */
      organisation: string;
      /** @description A work the organisation takes part in, to act on; by default a new one. With `permit_submitted`, a work whose permit was refused: the permit is submitted again, as `<work>-02`, …. */
      work_reference_number?: components["schemas"]["IssuedWorkReferenceNumber"];
      values?: components["schemas"]["InternalTriggerValues"];
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /**
     * InternalWorkSubmission
     * @description A new work with its first permit application. The permit fields stand beside the work fields.
     */
    InternalWorkSubmission: {
      work_reference_number: components["schemas"]["IssuedWorkReferenceNumber"];
      promoter_swa_code: components["schemas"]["SwaCode"];
      highway_authority_swa_code: components["schemas"]["SwaCode"];
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
      work_category:
        | "minor"
        | "standard"
        | "major"
        | "immediate_urgent"
        | "immediate_emergency"
        | "paa"
        | "hs2_highway";
      traffic_management_type:
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
        | "no_carriageway_incursion";
      activity_type:
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
        | "optional_permit_no_fee";
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
      lane_rental_assessment_outcome?:
        | "chargeable"
        | "potentially_chargeable"
        | "charges_waived"
        | "exempt"
        | "charges_not_applicable"
        | null;
      /** @description No final reinstatement. */
      has_no_final_reinstatement?: boolean;
      permit_conditions?: {
        condition:
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
          | "NCT12a";
        comment?: string | null;
      }[];
      /** @description Immediate works only: the work started as the permit was submitted. */
      started_on_submission?: boolean;
      internal_user_identifier?: components["schemas"]["InternalUserIdentifier"];
      internal_user_name?: components["schemas"]["InternalUserName"];
    };
    /**
     * InternalWorksCoordinates
     * @description A GeoJSON Point, LineString or Polygon in British National Grid (EPSG:27700) eastings and northings.
     */
    InternalWorksCoordinates:
      | {
          /** @constant */
          type: "Point";
          coordinates: components["schemas"]["InternalPosition"];
        }
      | {
          /** @constant */
          type: "LineString";
          coordinates: components["schemas"]["InternalPosition"][];
        }
      | {
          /** @constant */
          type: "Polygon";
          coordinates: components["schemas"]["InternalPosition"][][];
        };
    /**
     * MessageState
     * @description The state of a message: `pending` (to be tried), `delivered` or `dead` (every attempt failed).
     * @enum {string}
     */
    MessageState: "pending" | "delivered" | "dead";
    /**
     * ObjectOpeningEventType
     * @description An event that creates a record of a work.
     * @enum {string}
     */
    ObjectOpeningEventType:
      | "inspection_passed"
      | "inspection_failed"
      | "inspection_unable_to_carry_out"
      | "inspection_further_required"
      | "inspection_agreed_site_compliance"
      | "inspection_works_stopped"
      | "inspection_works_stopped_apparatus_remaining"
      | "inspection_works_in_progress"
      | "inspection_works_in_progress_no_carriageway_incursion"
      | "inspection_non_compliant_with_conditions"
      | "sample_inspection_created"
      | "fpn_submitted"
      | "comment_submitted"
      | "internal_comment_submitted"
      | "reinstatement_submitted"
      | "section_81_submitted"
      | "section_74_warning_issued"
      | "section_58_created"
      | "paa_submitted"
      | "non_compliance_issued"
      | "private_street_notice_issued"
      | "forward_plan_submitted"
      | "scheduled_inspection_created";
    /**
     * ObjectTransitionEventType
     * @description An event that moves a record of a work on.
     * @enum {string}
     */
    ObjectTransitionEventType:
      | "inspection_outcome_accepted"
      | "inspection_outcome_promoter_accepts_failed_inspection"
      | "inspection_auto_accepted"
      | "inspection_outcome_disputed"
      | "inspection_outcome_reviewing_dispute"
      | "inspection_outcome_joint_site_meeting_needed"
      | "inspection_outcome_no_agreement"
      | "inspection_withdraw_defect"
      | "inspection_linked_to_non_compliance"
      | "inspection_units_logged"
      | "inspection_withdrawn"
      | "inspection_deleted"
      | "sample_inspection_issued"
      | "sample_inspection_completed"
      | "sample_inspection_removed"
      | "sample_inspection_expired"
      | "fpn_accepted"
      | "fpn_disputed"
      | "fpn_paid"
      | "fpn_withdrawn"
      | "fpn_deleted"
      | "comment_read"
      | "final_reinstatement_updated"
      | "reinstatement_deleted"
      | "section_81_acknowledged"
      | "section_81_accepted"
      | "section_81_accepted_fixed"
      | "section_81_linked_to_permit"
      | "section_81_unlinked_from_permit"
      | "section_81_reassigned"
      | "section_81_rejected"
      | "section_81_resolved_by_ha"
      | "section_81_cancelled"
      | "section_74_warning_acknowledged"
      | "section_74_warning_disputed"
      | "section_74_site_visited_and_rectified"
      | "section_74_charges_ended"
      | "section_74_withdrawn"
      | "section_74_draft_invoice_issued"
      | "section_74_draft_invoice_acknowledged"
      | "section_74_charge_under_review"
      | "section_74_charge_agreed"
      | "section_74_resolved"
      | "section_58_progressed"
      | "section_58_cancelled"
      | "section_58_closed"
      | "paa_granted"
      | "paa_deemed"
      | "paa_refused"
      | "paa_discount_updated"
      | "paa_cancelled"
      | "paa_revoked"
      | "non_compliance_joint_site_meeting_suggested"
      | "non_compliance_accept_suggestion"
      | "non_compliance_will_attend_joint_site_meeting"
      | "non_compliance_joint_site_meeting_not_needed"
      | "non_compliance_works_complete_ready_for_inspection"
      | "non_compliance_works_completed_and_passed"
      | "non_compliance_resolved"
      | "non_compliance_withdrawn"
      | "private_street_notice_cancelled"
      | "forward_plan_edited"
      | "forward_plan_cancelled"
      | "scheduled_inspection_cancelled";
    /**
     * OrganisationKind
     * @description The kind of an organisation.
     * @enum {string}
     */
    OrganisationKind: "promoter" | "highway_authority" | "contractor";
    /**
     * PermitTransitionEventType
     * @description A permit event the operator may record.
     * @enum {string}
     */
    PermitTransitionEventType:
      | "permit_granted"
      | "permit_granted_with_duration_challenge"
      | "permit_deemed"
      | "permit_refused"
      | "permit_modification_request"
      | "permit_revoked"
      | "permit_cancelled"
      | "work_start_logged"
      | "work_stop_logged"
      | "work_start_reverted"
      | "work_stop_reverted"
      | "ancillary_info_added"
      | "ancillary_info_removed";
    /**
     * ReceiverCheckName
     * @description A check of the receiver check, in the order they run: `handshake` (a `SubscriptionConfirmation` is answered 2xx and its `SubscribeURL` followed), `notification` (a valid notification is answered 2xx), `within_timeout` (that answer came within the delivery time-out), `duplicate` (the same message again, same `MessageId` and `webhook-id`, is answered 2xx), `unknown_kind` (a notification of an event kind the receiver does not know, `upcoming_event`, with fields it does not know, is answered 2xx), `tampered_body` (the body changed after signing is refused), `unknown_key` (signatures by a key the service never published are refused), `stale_timestamp` (a message signed an hour ago is refused), `certificate_off_host` (a `SigningCertURL` on another host than the service's, serving a certificate that matches the signature, is refused), `wrong_topic` (a genuine message of another subscription's `TopicArn` is refused), `oversized_body` (a body of 1 MiB is refused and the receiver still answers), `malformed_body` (a body that is not JSON is refused and the receiver still answers), `unsubscribe_confirmation` (an `UnsubscribeConfirmation` is answered 2xx and its `SubscribeURL`, which would subscribe again, is not followed).
     * @enum {string}
     */
    ReceiverCheckName:
      | "handshake"
      | "notification"
      | "within_timeout"
      | "duplicate"
      | "unknown_kind"
      | "tampered_body"
      | "unknown_key"
      | "stale_timestamp"
      | "certificate_off_host"
      | "wrong_topic"
      | "oversized_body"
      | "malformed_body"
      | "unsubscribe_confirmation";
    /**
     * ReceiverCheckStyle
     * @description How the check's messages are sent: `service` (default), as this service delivers them: the pub/sub envelope with its `Signature`, the `x-amz-sns-*` headers and the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`); `pubsub`, as the permitting system's pub/sub service delivers them: the same without the Standard Webhooks headers, for a receiver written for the real system that checks only the envelope's signature.
     * @default service
     * @enum {string}
     */
    ReceiverCheckStyle: "service" | "pubsub";
    /**
     * SubscriptionState
     * @description The state of a subscription: `unconfirmed` until its endpoint follows the confirmation link.
     * @enum {string}
     */
    SubscriptionState: "unconfirmed" | "confirmed";
    /**
     * UserRole
     * @description The role of a user.
     * @enum {string}
     */
    UserRole: "Planner" | "Contractor" | "HighwayAuthority" | "Operator";
    /**
     * WorkObjectType
     * @description The kind of a record of a work.
     * @enum {string}
     */
    WorkObjectType:
      | "inspection"
      | "sample_inspection"
      | "fpn"
      | "comment"
      | "reinstatement"
      | "section_81"
      | "section_74"
      | "section_58"
      | "paa"
      | "non_compliance"
      | "private_street"
      | "forward_plan"
      | "scheduled_inspection";
    /**
     * WorkReferenceNumber
     * @description Work reference number. The interface document does not show its format; this service issues up to 24 letters, digits, `-` and `_` (for example `TSR1591199404915`), and accepts any string of at most 24 characters in requests.
     * @example TSR1591199404915
     */
    WorkReferenceNumber: string;
    /**
     * IssuedWorkReferenceNumber
     * @description A work reference number in the form this service issues and accepts for new works: up to 24 letters, digits, `-` and `_`.
     */
    IssuedWorkReferenceNumber: components["schemas"]["WorkReferenceNumber"];
    /**
     * SwaCode
     * @description An organisation's street works authority code.
     */
    SwaCode: string;
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
      | "change_request_revoked";
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
      | "upcoming_enum";
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
    work_category:
      | "minor"
      | "standard"
      | "major"
      | "immediate_urgent"
      | "immediate_emergency"
      | "paa"
      | "hs2_highway";
    traffic_management_type:
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
      | "no_carriageway_incursion";
    activity_type:
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
      | "optional_permit_no_fee";
    /** @description Description of the works. */
    description_of_work: string;
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
    /**
     * InternalTriggerValues
     * @description Values of permit fields of a work submission, for the permit the trigger submits, in place of the plausible ones it would choose (the others are still chosen; a start or an end given alone moves the other with it, keeping the duration). They apply wherever the trigger submits a permit: the first permit of a new work, or, for `permit_submitted` on a named work whose permit was refused, the permit submitted again. Elsewhere (another kind on a named work, a works record, an organisation-level kind, the work of a past quarter) each value given is refused: `400`, rule `additionalProperties`, naming `values.<field>`.
     */
    InternalTriggerValues: {
      work_category?: components["schemas"]["work_category"];
      traffic_management_type?: components["schemas"]["traffic_management_type"];
      activity_type?: components["schemas"]["activity_type"];
      description_of_work?: components["schemas"]["description_of_work"];
      proposed_start_date?: components["schemas"]["proposed_start_date"];
      proposed_end_date?: components["schemas"]["proposed_end_date"];
    };
    /**
     * SubscriptionEndpoint
     * Format: uri
     * @description Absolute `http` or `https` URL that receives the confirmation message and then the notifications. At most 2048 characters; no user name or password in the URL. Endpoints that resolve to loopback, private, link-local, shared (CGNAT), multicast or reserved addresses are refused unless the service's configuration allows them.
     */
    SubscriptionEndpoint: string;
    /**
     * InternalAttemptPage
     * @description Attempts of one message, newest first.
     */
    InternalAttemptPage: {
      attempts: components["schemas"]["InternalAttempt"][];
      /** @description Give it as `before` for the next page (older attempts); null on the last. */
      next_cursor: string | null;
    };
  };
  responses: {
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
  };
  parameters: never;
  requestBodies: never;
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
    /** @description The body is at most 1048576 bytes (1 MiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace, within the service's limit on any body (`BODY_LIMIT_BYTES`). A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 3072 bytes (3 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 7168 bytes (7 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 3072 bytes (3 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 4096 bytes (4 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 3072 bytes (3 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  endQuarter: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 4096 bytes (4 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  triggerEvent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 9216 bytes (9 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  addContract: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 4096 bytes (4 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    /** @description The body is at most 14336 bytes (14 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
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
    };
  };
  listMessageAttempts: {
    parameters: {
      query?: {
        limit?: number;
        before?: string;
      };
      header?: never;
      path: {
        /** @description The subscription. */
        subscription_reference_number: string;
        /** @description The message id (webhook-id). */
        message_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of the message's attempts. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalAttemptPage"];
        };
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
    };
  };
  listDeadLetters: {
    parameters: {
      query?: {
        subscription?: string;
        limit?: number;
        after?: string;
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  checkReceiver: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 26624 bytes (26 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace, rounded up to a whole KiB. A larger body is refused with `413`. */
    requestBody: {
      content: {
        "application/json": components["schemas"]["InternalReceiverCheck"];
      };
    };
    responses: {
      /** @description The scorecard; `passed` is false when any check failed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalReceiverScorecard"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  runSandboxCommand: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 395264 bytes (386 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace. A larger body is refused with `413` (so is a smaller one, if the service's operator set a lower limit). */
    requestBody: {
      content: {
        "application/json": components["schemas"]["InternalSandboxCommand"];
      };
    };
    responses: {
      /** @description The command ran: what it printed and its exit code, whether it succeeded or failed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalSandboxCommandResult"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  readSandboxClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalSandboxClock"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  readSandboxChaos: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The profile and the figures of each organisation. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalChaosStatus"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  advanceSandboxClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The body is at most 2048 bytes (2 KiB): the largest body this schema allows, written as compact JSON with every character escaped as `\uXXXX`, plus 1 KiB for whitespace, rounded up to a whole KiB. A larger body is refused with `413`. */
    requestBody: {
      content: {
        "application/json": components["schemas"]["InternalClockAdvance"];
      };
    };
    responses: {
      /** @description The clock moved; what followed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalClockAdvanced"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
  resetSandboxClock: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The clock, back on the wall clock. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["InternalSandboxClock"];
        };
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
      431: components["responses"]["HeadersTooLarge"];
      500: components["responses"]["InternalServerError"];
      503: components["responses"]["ServiceUnavailable"];
    };
  };
}

// Named aliases of the component schemas.
export type AttemptOutcome = components["schemas"]["AttemptOutcome"];
export type ChangeRequestDecision = components["schemas"]["ChangeRequestDecision"];
export type ChangeRequestKind = components["schemas"]["ChangeRequestKind"];
export type DeliveryKind = components["schemas"]["DeliveryKind"];
export type InternalAttempt = components["schemas"]["InternalAttempt"];
export type InternalChangeRequestDecision = components["schemas"]["InternalChangeRequestDecision"];
export type InternalChangeRequestSubmission =
  components["schemas"]["InternalChangeRequestSubmission"];
export type InternalChaosOrganisation = components["schemas"]["InternalChaosOrganisation"];
export type InternalChaosProfile = components["schemas"]["InternalChaosProfile"];
export type InternalChaosStatus = components["schemas"]["InternalChaosStatus"];
export type InternalClockAdvance = components["schemas"]["InternalClockAdvance"];
export type InternalClockAdvanced = components["schemas"]["InternalClockAdvanced"];
export type InternalContract = components["schemas"]["InternalContract"];
export type InternalDeadLetter = components["schemas"]["InternalDeadLetter"];
export type InternalDeadLetterList = components["schemas"]["InternalDeadLetterList"];
export type InternalDeliveryChange = components["schemas"]["InternalDeliveryChange"];
export type InternalMessage = components["schemas"]["InternalMessage"];
export type InternalMessagePage = components["schemas"]["InternalMessagePage"];
export type InternalObjectOpening = components["schemas"]["InternalObjectOpening"];
export type InternalObjectTransition = components["schemas"]["InternalObjectTransition"];
export type InternalPermitTransition = components["schemas"]["InternalPermitTransition"];
export type InternalPosition = components["schemas"]["InternalPosition"];
export type InternalQuarterEnd = components["schemas"]["InternalQuarterEnd"];
export type InternalRecordedEvent = components["schemas"]["InternalRecordedEvent"];
export type InternalReceiverCheck = components["schemas"]["InternalReceiverCheck"];
export type InternalReceiverCheckResult = components["schemas"]["InternalReceiverCheckResult"];
export type InternalReceiverScorecard = components["schemas"]["InternalReceiverScorecard"];
export type InternalReplay = components["schemas"]["InternalReplay"];
export type InternalSandboxClock = components["schemas"]["InternalSandboxClock"];
export type InternalSandboxCommand = components["schemas"]["InternalSandboxCommand"];
export type InternalSandboxCommandResult = components["schemas"]["InternalSandboxCommandResult"];
export type InternalSandboxOrganisation = components["schemas"]["InternalSandboxOrganisation"];
export type InternalSandboxOrganisationList =
  components["schemas"]["InternalSandboxOrganisationList"];
export type InternalSubscription = components["schemas"]["InternalSubscription"];
export type InternalSubscriptionList = components["schemas"]["InternalSubscriptionList"];
export type InternalSubscriptionPointing = components["schemas"]["InternalSubscriptionPointing"];
export type InternalTrigger = components["schemas"]["InternalTrigger"];
export type InternalWorkSubmission = components["schemas"]["InternalWorkSubmission"];
export type InternalWorksCoordinates = components["schemas"]["InternalWorksCoordinates"];
export type MessageState = components["schemas"]["MessageState"];
export type ObjectOpeningEventType = components["schemas"]["ObjectOpeningEventType"];
export type ObjectTransitionEventType = components["schemas"]["ObjectTransitionEventType"];
export type OrganisationKind = components["schemas"]["OrganisationKind"];
export type PermitTransitionEventType = components["schemas"]["PermitTransitionEventType"];
export type ReceiverCheckName = components["schemas"]["ReceiverCheckName"];
export type ReceiverCheckStyle = components["schemas"]["ReceiverCheckStyle"];
export type SubscriptionState = components["schemas"]["SubscriptionState"];
export type UserRole = components["schemas"]["UserRole"];
export type WorkObjectType = components["schemas"]["WorkObjectType"];
export type WorkReferenceNumber = components["schemas"]["WorkReferenceNumber"];
export type IssuedWorkReferenceNumber = components["schemas"]["IssuedWorkReferenceNumber"];
export type SwaCode = components["schemas"]["SwaCode"];
export type WorkCategoryResponse = components["schemas"]["WorkCategoryResponse"];
export type TrafficManagementTypeResponse = components["schemas"]["TrafficManagementTypeResponse"];
export type ActivityTypeResponse = components["schemas"]["ActivityTypeResponse"];
export type LaneRentalAssessmentOutcomeResponse =
  components["schemas"]["LaneRentalAssessmentOutcomeResponse"];
export type PermitConditionTypeResponse = components["schemas"]["PermitConditionTypeResponse"];
export type InternalUserIdentifier = components["schemas"]["InternalUserIdentifier"];
export type InternalUserName = components["schemas"]["InternalUserName"];
export type AuditEventType = components["schemas"]["AuditEventType"];
export type AuditObjectTypeResponse = components["schemas"]["AuditObjectTypeResponse"];
export type ErrorCode = components["schemas"]["ErrorCode"];
export type ValidationRule = components["schemas"]["ValidationRule"];
export type ValidationErrorDetail = components["schemas"]["ValidationErrorDetail"];
export type ErrorResponse = components["schemas"]["ErrorResponse"];
export type work_category = components["schemas"]["work_category"];
export type traffic_management_type = components["schemas"]["traffic_management_type"];
export type activity_type = components["schemas"]["activity_type"];
export type description_of_work = components["schemas"]["description_of_work"];
export type proposed_start_date = components["schemas"]["proposed_start_date"];
export type proposed_end_date = components["schemas"]["proposed_end_date"];
export type InternalTriggerValues = components["schemas"]["InternalTriggerValues"];
export type SubscriptionEndpoint = components["schemas"]["SubscriptionEndpoint"];
export type InternalAttemptPage = components["schemas"]["InternalAttemptPage"];

/** Every enumeration: `values` in document order without the placeholder, the `placeholder` of an open enumeration, the `texts` of `x-enumDescriptions`, the `statuses` of `x-enumStatuses`. */
export const enumerations = {
  AttemptOutcome: { values: ["delivered", "retry", "dead"], texts: {} },
  ChangeRequestDecision: { values: ["granted", "refused", "cancelled"], texts: {} },
  ChangeRequestKind: { values: ["alteration", "change_request"], texts: {} },
  DeliveryKind: { values: ["confirmation", "notification"], texts: {} },
  MessageState: { values: ["pending", "delivered", "dead"], texts: {} },
  ObjectOpeningEventType: {
    values: [
      "inspection_passed",
      "inspection_failed",
      "inspection_unable_to_carry_out",
      "inspection_further_required",
      "inspection_agreed_site_compliance",
      "inspection_works_stopped",
      "inspection_works_stopped_apparatus_remaining",
      "inspection_works_in_progress",
      "inspection_works_in_progress_no_carriageway_incursion",
      "inspection_non_compliant_with_conditions",
      "sample_inspection_created",
      "fpn_submitted",
      "comment_submitted",
      "internal_comment_submitted",
      "reinstatement_submitted",
      "section_81_submitted",
      "section_74_warning_issued",
      "section_58_created",
      "paa_submitted",
      "non_compliance_issued",
      "private_street_notice_issued",
      "forward_plan_submitted",
      "scheduled_inspection_created",
    ],
    texts: {},
  },
  ObjectTransitionEventType: {
    values: [
      "inspection_outcome_accepted",
      "inspection_outcome_promoter_accepts_failed_inspection",
      "inspection_auto_accepted",
      "inspection_outcome_disputed",
      "inspection_outcome_reviewing_dispute",
      "inspection_outcome_joint_site_meeting_needed",
      "inspection_outcome_no_agreement",
      "inspection_withdraw_defect",
      "inspection_linked_to_non_compliance",
      "inspection_units_logged",
      "inspection_withdrawn",
      "inspection_deleted",
      "sample_inspection_issued",
      "sample_inspection_completed",
      "sample_inspection_removed",
      "sample_inspection_expired",
      "fpn_accepted",
      "fpn_disputed",
      "fpn_paid",
      "fpn_withdrawn",
      "fpn_deleted",
      "comment_read",
      "final_reinstatement_updated",
      "reinstatement_deleted",
      "section_81_acknowledged",
      "section_81_accepted",
      "section_81_accepted_fixed",
      "section_81_linked_to_permit",
      "section_81_unlinked_from_permit",
      "section_81_reassigned",
      "section_81_rejected",
      "section_81_resolved_by_ha",
      "section_81_cancelled",
      "section_74_warning_acknowledged",
      "section_74_warning_disputed",
      "section_74_site_visited_and_rectified",
      "section_74_charges_ended",
      "section_74_withdrawn",
      "section_74_draft_invoice_issued",
      "section_74_draft_invoice_acknowledged",
      "section_74_charge_under_review",
      "section_74_charge_agreed",
      "section_74_resolved",
      "section_58_progressed",
      "section_58_cancelled",
      "section_58_closed",
      "paa_granted",
      "paa_deemed",
      "paa_refused",
      "paa_discount_updated",
      "paa_cancelled",
      "paa_revoked",
      "non_compliance_joint_site_meeting_suggested",
      "non_compliance_accept_suggestion",
      "non_compliance_will_attend_joint_site_meeting",
      "non_compliance_joint_site_meeting_not_needed",
      "non_compliance_works_complete_ready_for_inspection",
      "non_compliance_works_completed_and_passed",
      "non_compliance_resolved",
      "non_compliance_withdrawn",
      "private_street_notice_cancelled",
      "forward_plan_edited",
      "forward_plan_cancelled",
      "scheduled_inspection_cancelled",
    ],
    texts: {},
  },
  OrganisationKind: { values: ["promoter", "highway_authority", "contractor"], texts: {} },
  PermitTransitionEventType: {
    values: [
      "permit_granted",
      "permit_granted_with_duration_challenge",
      "permit_deemed",
      "permit_refused",
      "permit_modification_request",
      "permit_revoked",
      "permit_cancelled",
      "work_start_logged",
      "work_stop_logged",
      "work_start_reverted",
      "work_stop_reverted",
      "ancillary_info_added",
      "ancillary_info_removed",
    ],
    texts: {},
  },
  ReceiverCheckName: {
    values: [
      "handshake",
      "notification",
      "within_timeout",
      "duplicate",
      "unknown_kind",
      "tampered_body",
      "unknown_key",
      "stale_timestamp",
      "certificate_off_host",
      "wrong_topic",
      "oversized_body",
      "malformed_body",
      "unsubscribe_confirmation",
    ],
    texts: {},
  },
  ReceiverCheckStyle: { values: ["service", "pubsub"], texts: {} },
  SubscriptionState: { values: ["unconfirmed", "confirmed"], texts: {} },
  UserRole: { values: ["Planner", "Contractor", "HighwayAuthority", "Operator"], texts: {} },
  WorkObjectType: {
    values: [
      "inspection",
      "sample_inspection",
      "fpn",
      "comment",
      "reinstatement",
      "section_81",
      "section_74",
      "section_58",
      "paa",
      "non_compliance",
      "private_street",
      "forward_plan",
      "scheduled_inspection",
    ],
    texts: {},
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
} as const;

/** Per component schema, the bounding keywords (`maximum`, `maxLength`, `maxItems`, `default`, …) of each property. */
export const propertyConstraints = {
  InternalAttempt: { attempted_at: { format: "date-time" }, latency_ms: { minimum: 0 } },
  InternalChangeRequestDecision: {
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalChangeRequestSubmission: {
    proposed_start_date: { maxLength: 64, format: "date-time" },
    proposed_end_date: { maxLength: 64, format: "date-time" },
    description_of_work: { minLength: 1, maxLength: 500 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalChaosOrganisation: {
    created: { minimum: 0 },
    sent: { minimum: 0 },
    dropped: { minimum: 0 },
    duplicated: { minimum: 0 },
    delayed: { minimum: 0 },
  },
  InternalChaosProfile: {
    drop_rate: { minimum: 0, maximum: 1, default: 0 },
    duplicate_rate: { minimum: 0, maximum: 1, default: 0 },
    delay_rate: { minimum: 0, maximum: 1, default: 0 },
    max_delay_ms: { minimum: 0, maximum: 15000, default: 0 },
    reorder_within_work: { default: false },
    unavailable_rate: { minimum: 0, maximum: 1, default: 0 },
    throttled_rate: { minimum: 0, maximum: 1, default: 0 },
    retry_after_seconds: { minimum: 0, maximum: 60, default: 1 },
    visibility_lag_ms: { minimum: 0, maximum: 600000, default: 0 },
  },
  InternalChaosStatus: { seed: { minimum: 0, maximum: 4294967295 } },
  InternalClockAdvance: { by: { maxLength: 5, pattern: "^[1-9][0-9]{0,3}[smhdw]$" } },
  InternalContract: {
    contractor: { minLength: 1, maxLength: 100 },
    promoter: { minLength: 1, maxLength: 100 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalDeadLetter: { attempts: { minimum: 0 }, created_at: { format: "date-time" } },
  InternalMessage: {
    created_at: { format: "date-time" },
    attempt_count: { minimum: 0 },
    attempts: { maxItems: 10 },
  },
  InternalObjectOpening: {
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalObjectTransition: {
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalPermitTransition: {
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalQuarterEnd: {
    highway_authority: { minLength: 1, maxLength: 100 },
    quarter: { maxLength: 7, pattern: "^[0-9]{4}-Q[1-4]$" },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalRecordedEvent: { update_id: { minimum: 1 }, update_date_time: { format: "date-time" } },
  InternalReceiverCheck: {
    endpoint: { minLength: 1, maxLength: 2048, format: "uri" },
    style: { default: "service" },
    subscription_reference_number: { maxLength: 30, pattern: "^SUB-[0-9A-HJKMNP-TV-Z]{26}$" },
    service_url: { maxLength: 2048, format: "uri" },
  },
  InternalReceiverCheckResult: { docs: { format: "uri" } },
  InternalReceiverScorecard: { style: { default: "service" }, checks: { maxItems: 13 } },
  InternalSandboxClock: {
    now: { format: "date-time" },
    wall_clock: { format: "date-time" },
    offset_seconds: { minimum: 0, maximum: 315360000 },
  },
  InternalSandboxCommand: {
    argv: {
      minItems: 1,
      maxItems: 64,
      items: { maxLength: 1024, pattern: "^(?!--(service|token|data-dir|database-url)(=|$))" },
    },
  },
  InternalSandboxCommandResult: { exit_code: { minimum: 0, maximum: 255 } },
  InternalSubscription: { created_at: { format: "date-time" } },
  InternalSubscriptionPointing: { api_endpoint: { minLength: 1, maxLength: 2048, format: "uri" } },
  InternalTrigger: {
    organisation: { minLength: 1, maxLength: 100 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalWorkSubmission: {
    work_reference_number: { pattern: "^[A-Za-z0-9_-]{1,24}$" },
    promoter_swa_code: { pattern: "^[A-Za-z0-9]{1,4}$" },
    highway_authority_swa_code: { pattern: "^[A-Za-z0-9]{1,4}$" },
    workstream_prefix: { pattern: "^[0-9]{3}$" },
    street: { minLength: 1, maxLength: 100 },
    town: { minLength: 1, maxLength: 100 },
    area: { minLength: 1, maxLength: 100 },
    usrn: { minimum: 1000001, maximum: 99999999 },
    road_category: { minimum: 0, maximum: 4 },
    location_description: { minLength: 1, maxLength: 500 },
    description_of_work: { minLength: 1, maxLength: 500 },
    proposed_start_date: { maxLength: 64, format: "date-time" },
    proposed_end_date: { maxLength: 64, format: "date-time" },
    proposed_start_time: { maxLength: 64, format: "date-time" },
    proposed_end_time: { maxLength: 64, format: "date-time" },
    permit_conditions: { maxItems: 50 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  InternalTriggerValues: {
    description_of_work: { minLength: 1, maxLength: 500 },
    proposed_start_date: { maxLength: 64, format: "date-time" },
    proposed_end_date: { maxLength: 64, format: "date-time" },
  },
  InternalAttemptPage: { attempts: { maxItems: 100 } },
} as const;

/** Per operation, the bounding keywords of each parameter. */
export const parameterConstraints = {
  transitionPermit: { permit_reference_number: { minLength: 1, maxLength: 27 } },
  submitChangeRequest: { permit_reference_number: { minLength: 1, maxLength: 27 } },
  decideChangeRequest: { reference: { minLength: 1, maxLength: 64 } },
  openWorkObject: { work_reference_number: { minLength: 1, maxLength: 24 } },
  advanceWorkObject: { reference: { minLength: 1, maxLength: 64 } },
  removeContract: {
    contractor: { minLength: 1, maxLength: 100 },
    promoter: { minLength: 1, maxLength: 100 },
    internal_user_identifier: { maxLength: 100 },
    internal_user_name: { maxLength: 100 },
  },
  listSubscriptions: { organisation: { minLength: 1, maxLength: 100 } },
  pointSubscription: { organisation: { minLength: 1, maxLength: 100 } },
  removeSubscription: { organisation: { minLength: 1, maxLength: 100 } },
  listMessages: {
    subscription_reference_number: { minLength: 1, maxLength: 30 },
    limit: { minimum: 1, maximum: 100, default: 20 },
    before: { minLength: 1, maxLength: 200 },
  },
  listMessageAttempts: {
    subscription_reference_number: { minLength: 1, maxLength: 30 },
    message_id: { minLength: 1, maxLength: 64 },
    limit: { minimum: 1, maximum: 100, default: 20 },
    before: { minLength: 1, maxLength: 200 },
  },
  listDeadLetters: {
    subscription: { minLength: 1, maxLength: 30 },
    limit: { minimum: 1, maximum: 500, default: 100 },
    after: { minLength: 1, maxLength: 200 },
  },
  replayMessage: { message_id: { minLength: 1, maxLength: 64 } },
  streamDeliveries: { subscription: { minLength: 1, maxLength: 30 } },
} as const;

/** Per operation, the limits its `x-limits` states (page budgets, replays an hour, …). */
export const operationLimits = {
  listMessages: { page_bytes: 262144, history_reads_per_organisation: 2 },
  listMessageAttempts: { page_bytes: 262144 },
  replayMessage: {
    replays_per_message_per_hour: 5,
    replays_per_organisation_per_hour: 1000,
    attempts_kept_on_replay: 20,
  },
} as const;
