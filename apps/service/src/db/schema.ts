/**
 * The database schema. `pnpm run db:generate` turns changes here into a versioned SQL
 * migration under `drizzle/`; the update_id allocation trigger lives in a hand-written
 * migration there (see src/events/record-events.ts for its design).
 */
import { propertyConstraints } from '@street-events/types';
import {
  propertyConstraints as operatorConstraints,
  type components as operatorComponents,
} from '@street-events/types/operator';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { operatorValuesOf, valuesOf } from '../shared/enums.js';

/** Column lengths the document bounds: its `maxLength`s. */
const workReferenceLength = propertyConstraints.PermitSummaryResponse.work_reference_number.maxLength;
const endpointLength = propertyConstraints.SubscriptionCreateRequest.api_endpoint.maxLength;

/** The bounds of a new work's fields, as the operator document gives them: the table's checks. */
const submitted = operatorConstraints.InternalWorkSubmission;
const between = ({ minimum, maximum }: { minimum: number; maximum: number }) => sql.raw(`${minimum} and ${maximum}`);
/** A pattern of the document as the literal of a check (the documents' patterns hold no quote). */
const matching = (pattern: string) => sql.raw(`'${pattern}'`);

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => moment('created_at').notNull().defaultNow();

export const organisationKind = pgEnum('organisation_kind', operatorValuesOf('OrganisationKind'));
export type OrganisationKind = (typeof organisationKind.enumValues)[number];

/** Operator is internal (administration); it is not a role of the public interface. */
export const userRole = pgEnum('user_role', operatorValuesOf('UserRole'));
export type UserRole = (typeof userRole.enumValues)[number];

export const contractStatus = pgEnum('contract_status', ['active', 'removed']);
export const changeRequestKind = pgEnum('change_request_kind', operatorValuesOf('ChangeRequestKind'));
export type ChangeRequestKind = (typeof changeRequestKind.enumValues)[number];
/** A request is `submitted` until one of the operator document's decisions is taken on it. */
export const changeRequestStatus = pgEnum('change_request_status', [
  'submitted',
  ...operatorValuesOf('ChangeRequestDecision'),
]);
export type ChangeRequestStatus = (typeof changeRequestStatus.enumValues)[number];

export const workCategory = pgEnum('work_category', valuesOf('WorkCategoryResponse'));
export const trafficManagementType = pgEnum('traffic_management_type', valuesOf('TrafficManagementTypeResponse'));
export const assessmentStatus = pgEnum('assessment_status', valuesOf('AssessmentStatusResponse'));
export const permitStatus = pgEnum('permit_status', valuesOf('PermitStatusResponse'));
export const workStatus = pgEnum('work_status', valuesOf('WorkStatusResponse'));
export const laneRentalAssessmentOutcome = pgEnum(
  'lane_rental_assessment_outcome',
  valuesOf('LaneRentalAssessmentOutcomeResponse'),
);
export const activityType = pgEnum('activity_type', valuesOf('ActivityTypeResponse'));
export const auditObjectType = pgEnum('audit_object_type', valuesOf('AuditObjectTypeResponse'));
export const auditEventType = pgEnum('audit_event_type', valuesOf('AuditEventType'));

export const organisations = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    kind: organisationKind('kind').notNull(),
    name: text('name').notNull().unique(),
    swaCode: varchar('swa_code', { length: 4 }).unique(),
    createdAt: createdAt(),
  },
  (t) => [check('organisations_swa_code_required', sql`${t.kind} = 'contractor' or ${t.swaCode} is not null`)],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: varchar('username', { length: 100 }).notNull().unique(),
  role: userRole('role').notNull(),
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id),
  createdAt: createdAt(),
  /** For login: the email address, lower-cased; none for users who log in only with API keys. */
  email: varchar('email', { length: 254 }).unique(),
  /** The scrypt hash of the password (directory/passwords.ts); none: the user cannot log in. */
  passwordHash: text('password_hash'),
  /** Failed logins in a row; the fifth locks the account until `lockedUntil`. */
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: moment('locked_until'),
});

/** Login sessions: only the SHA-256 of the refresh token is stored; revoking ends the session's tokens too. */
export const loginSessions = pgTable('login_sessions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  refreshTokenHash: char('refresh_token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
  expiresAt: moment('expires_at').notNull(),
  revokedAt: moment('revoked_at'),
});

/** The secret that signs login tokens (HS256), made once and shared by every instance. */
export const loginKeys = pgTable('login_keys', {
  id: serial('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** Only the SHA-256 of a token is stored; the prefix is kept to tell tokens apart. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
  tokenPrefix: varchar('token_prefix', { length: 16 }).notNull(),
  createdAt: createdAt(),
  revokedAt: moment('revoked_at'),
});

export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    contractorOrgId: integer('contractor_org_id')
      .notNull()
      .references(() => organisations.id),
    promoterOrgId: integer('promoter_org_id')
      .notNull()
      .references(() => organisations.id),
    status: contractStatus('status').notNull().default('active'),
    createdAt: createdAt(),
    removedAt: moment('removed_at'),
  },
  (t) => [
    uniqueIndex('contracts_one_active_per_pair')
      .on(t.contractorOrgId, t.promoterOrgId)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const workstreams = pgTable(
  'workstreams',
  {
    id: serial('id').primaryKey(),
    promoterOrgId: integer('promoter_org_id')
      .notNull()
      .references(() => organisations.id),
    prefix: char('prefix', { length: 3 }).notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workstreams_promoter_prefix').on(t.promoterOrgId, t.prefix),
    check('workstreams_prefix_digits', sql`${t.prefix} ~ ${matching(submitted.workstream_prefix.pattern)}`),
  ],
);

/** A work as the operator document submits it: its coordinates and permit conditions are kept as submitted (JSON columns). */
type SubmittedWork = operatorComponents['schemas']['InternalWorkSubmission'];

export const works = pgTable(
  'works',
  {
    id: serial('id').primaryKey(),
    workReferenceNumber: varchar('work_reference_number', { length: workReferenceLength }).notNull().unique(),
    promoterOrgId: integer('promoter_org_id')
      .notNull()
      .references(() => organisations.id),
    highwayAuthorityOrgId: integer('highway_authority_org_id')
      .notNull()
      .references(() => organisations.id),
    workstreamId: integer('workstream_id')
      .notNull()
      .references(() => workstreams.id),
    street: text('street').notNull(),
    town: text('town').notNull(),
    area: text('area').notNull(),
    usrn: integer('usrn').notNull(),
    roadCategory: smallint('road_category').notNull(),
    worksCoordinates: jsonb('works_coordinates').$type<SubmittedWork['works_coordinates']>().notNull(),
    locationDescription: text('location_description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'works_reference_format',
      sql`${t.workReferenceNumber} ~ ${matching(submitted.work_reference_number.pattern)}`,
    ),
    check('works_usrn_range', sql`${t.usrn} between ${between(submitted.usrn)}`),
    check('works_road_category_range', sql`${t.roadCategory} between ${between(submitted.road_category)}`),
  ],
);

export const permits = pgTable(
  'permits',
  {
    /** Internal id; also the keyset cursor of permit search. */
    id: serial('id').primaryKey(),
    permitReferenceNumber: varchar('permit_reference_number', { length: 27 }).notNull().unique(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id),
    descriptionOfWork: text('description_of_work').notNull(),
    workCategory: workCategory('work_category').notNull(),
    trafficManagementType: trafficManagementType('traffic_management_type').notNull(),
    activityType: activityType('activity_type').notNull(),
    proposedStartDate: moment('proposed_start_date').notNull(),
    proposedEndDate: moment('proposed_end_date').notNull(),
    proposedStartTime: moment('proposed_start_time'),
    proposedEndTime: moment('proposed_end_time'),
    status: permitStatus('status').notNull(),
    assessmentStatus: assessmentStatus('assessment_status'),
    workStatus: workStatus('work_status').notNull(),
    deadlineDate: moment('deadline_date').notNull(),
    dateCreated: moment('date_created').notNull(),
    statusChangedDate: moment('status_changed_date').notNull(),
    actualStartDate: moment('actual_start_date'),
    actualEndDate: moment('actual_end_date'),
    isActivePermit: boolean('is_active_permit').notNull(),
    isTrafficSensitive: boolean('is_traffic_sensitive').notNull(),
    hasNoFinalReinstatement: boolean('has_no_final_reinstatement').notNull(),
    isDeemed: boolean('is_deemed').notNull(),
    excavationCarriedOut: boolean('excavation_carried_out').notNull(),
    isEarlyStart: boolean('is_early_start').notNull(),
    isHighImpactTrafficManagement: boolean('is_high_impact_traffic_management').notNull(),
    isLaneRental: boolean('is_lane_rental').notNull(),
    laneRentalChargesNotAgreed: boolean('lane_rental_charges_not_agreed').notNull(),
    laneRentalChargesPotentiallyApply: boolean('lane_rental_charges_potentially_apply').notNull(),
    laneRentalAssessmentOutcome: laneRentalAssessmentOutcome('lane_rental_assessment_outcome'),
    paaToPaDeadlineDate: moment('paa_to_pa_deadline_date'),
    permitConditions: jsonb('permit_conditions').$type<NonNullable<SubmittedWork['permit_conditions']>>().notNull(),
    /** Number of ancillary information records held; the permit "holds ancillary information" when > 0. */
    ancillaryInfoCount: integer('ancillary_info_count').notNull(),
    /**
     * The permit's `PermitSummaryResponse` as JSON text, or null until written: any change to the
     * permit, its work or their organisations clears it (triggers of migration 0007), and
     * `writeMissingSummaries` writes the missing ones (see src/features/permits/search-permits.ts).
     */
    summary: text('summary'),
  },
  (t) => [
    index('permits_work').on(t.workId),
    // The background writer of summaries looks for the missing ones every second: only those are indexed.
    index('permits_summary_missing')
      .on(t.id)
      .where(sql`${t.summary} is null`),
    check('permits_ancillary_info_count', sql`${t.ancillaryInfoCount} >= 0`),
  ],
);

export const changeRequests = pgTable(
  'change_requests',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    permitId: integer('permit_id')
      .notNull()
      .references(() => permits.id),
    kind: changeRequestKind('kind').notNull(),
    status: changeRequestStatus('status').notNull(),
    // The changes asked for (null: unchanged); applied to the permit when granted.
    proposedStartDate: moment('proposed_start_date'),
    proposedEndDate: moment('proposed_end_date'),
    trafficManagementType: trafficManagementType('traffic_management_type'),
    descriptionOfWork: text('description_of_work'),
    createdAt: moment('created_at').notNull(),
    decidedAt: moment('decided_at'),
  },
  (t) => [index('change_requests_permit').on(t.permitId)],
);

/**
 * Records attached to a work: inspections, sample inspections, FPNs, comments, reinstatements
 * and section 81/74/58 records. Their lifecycles are in src/domain/work-object-lifecycles.ts.
 */
export const workObjects = pgTable(
  'work_objects',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id),
    objectType: auditObjectType('object_type').notNull(),
    status: text('status').notNull(),
    createdAt: moment('created_at').notNull(),
    updatedAt: moment('updated_at').notNull(),
  },
  (t) => [
    index('work_objects_work').on(t.workId),
    index('work_objects_open_by_type')
      .on(t.objectType, t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Sample inspection quarters a highway authority has ended (calendar quarters, `YYYY-Qn`, UTC). */
export const endedSampleInspectionQuarters = pgTable(
  'ended_sample_inspection_quarters',
  {
    highwayAuthorityOrgId: integer('highway_authority_org_id')
      .notNull()
      .references(() => organisations.id),
    quarter: varchar('quarter', { length: 7 }).notNull(),
    endedAt: moment('ended_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.highwayAuthorityOrgId, t.quarter] }),
    check(
      'ended_sample_inspection_quarters_format',
      sql`${t.quarter} ~ ${matching(operatorConstraints.InternalQuarterEnd.quarter.pattern)}`,
    ),
  ],
);

/** Source of update_ids; drawn from only at commit time, under the allocation lock. */
export const auditEventUpdateIdSeq = pgSequence('audit_event_update_id_seq');

export const auditEvents = pgTable(
  'audit_events',
  {
    /** Insertion order; internal. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null until the commit-time trigger assigns it; committed rows always have one. */
    updateId: bigint('update_id', { mode: 'number' }).unique(),
    updateDateTime: moment('update_date_time').notNull(),
    /** Null for organisation-level events, which are notified but not part of the polling feed. */
    workId: integer('work_id').references(() => works.id),
    /** The work's reference, copied (like the owners below) so that polling reads one table. */
    workReferenceNumber: varchar('work_reference_number', { length: workReferenceLength }),
    eventType: auditEventType('event_type').notNull(),
    objectType: auditObjectType('object_type').notNull(),
    objectReferenceNumber: text('object_reference_number'),
    parentObjectReferenceNumber: text('parent_object_reference_number'),
    actingUsername: varchar('acting_username', { length: 100 }),
    internalUserIdentifier: varchar('internal_user_identifier', { length: 100 }),
    internalUserName: varchar('internal_user_name', { length: 100 }),
    promoterOrgId: integer('promoter_org_id').references(() => organisations.id),
    highwayAuthorityOrgId: integer('highway_authority_org_id').references(() => organisations.id),
    workstreamPrefix: char('workstream_prefix', { length: 3 }),
    /**
     * A work event's polling row as JSON text, written once: the event source inserts the text
     * before and after `update_id` (`poll_row_head`, `poll_row_tail`), and the commit-time trigger
     * that allocates the id joins them (see src/events/poll-rows.ts).
     */
    pollRowHead: text('poll_row_head'),
    pollRowTail: text('poll_row_tail'),
    pollRow: text('poll_row'),
  },
  (t) => [
    index('audit_events_promoter_update').on(t.promoterOrgId, t.updateId),
    index('audit_events_highway_authority_update').on(t.highwayAuthorityOrgId, t.updateId),
    index('audit_events_update_date_time').on(t.updateDateTime),
    index('audit_events_work').on(t.workId),
    // Refilling the polling rows (after their fingerprint changed) looks for the missing ones in
    // batches by id: only those are indexed, so each batch starts where the last one ended.
    index('audit_events_poll_row_missing')
      .on(t.id)
      .where(sql`${t.pollRow} is null and ${t.workId} is not null and ${t.updateId} is not null`),
    check(
      'audit_events_work_scope',
      sql`${t.workId} is null or (${t.workReferenceNumber} is not null and ${t.promoterOrgId} is not null and ${t.highwayAuthorityOrgId} is not null and ${t.workstreamPrefix} is not null)`,
    ),
  ],
);

// Push notifications (src/features/notifications/, src/deliveries/): subscriptions, what they cover, the delivery outbox
// and the webhook signing keys.

export const subscriptionStatus = pgEnum('subscription_status', operatorValuesOf('SubscriptionState'));
export const deliveryKind = pgEnum('delivery_kind', operatorValuesOf('DeliveryKind'));
/** A delivered message leaves the outbox: only pending and dead deliveries are kept. */
export const deliveryStatus = pgEnum('delivery_status', ['pending', 'dead']);

/** One subscription per organisation. Only the SHA-256 of the confirmation token is kept, until it is used. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 30 }).notNull().unique(),
    organisationId: integer('organisation_id')
      .notNull()
      .unique()
      .references(() => organisations.id),
    apiEndpoint: varchar('api_endpoint', { length: endpointLength }).notNull(),
    description: varchar('description', { length: 100 }).notNull().default(''),
    status: subscriptionStatus('status').notNull().default('unconfirmed'),
    confirmationTokenHash: char('confirmation_token_hash', { length: 64 }).unique(),
    /** The interface's base URL the subscription was made through: its messages' links start with it. */
    publicBaseUrl: varchar('public_base_url', { length: 2048 }).notNull(),
    createdAt: moment('created_at').notNull(),
    confirmedAt: moment('confirmed_at'),
    /**
     * Confirmed by the sandbox on the receiver's behalf (src/features/notifications/operator.ts), its
     * confirmation token still unused: the receiver's first GET of its `SubscribeURL` is answered
     * as if it confirmed it (src/features/notifications/confirmation.ts). Cleared when the token is used.
     */
    confirmedOnBehalf: boolean('confirmed_on_behalf').notNull().default(false),
    /**
     * Set by the first failed attempt after a success (or since the start), cleared by the next
     * success: while set, the endpoint is failing and gets one attempt at a time; a subscription
     * failing for `WEBHOOK_DISABLE_AFTER` is removed (src/deliveries/queue/failing.ts).
     */
    failingSince: moment('failing_since'),
  },
  (t) => [
    check('subscriptions_reference_format', sql`${t.reference} ~ '^SUB-[0-9A-Z]{26}$'`),
    index('subscriptions_unconfirmed_created')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unconfirmed'`),
  ],
);

/** The organisations whose events a subscription receives: its own, or a contractor's promoters. */
export const subscriptionCoverage = pgTable(
  'subscription_coverage',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.organisationId] }),
    index('subscription_coverage_organisation').on(t.organisationId),
  ],
);

/** The outbox: one row per message still to deliver (or dead) to one subscription; `message_id` is the stable webhook-id. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    messageId: varchar('message_id', { length: 64 }).notNull().unique(),
    kind: deliveryKind('kind').notNull(),
    /** The event notified (notifications only); its update_id orders the deliveries of one ordering key. */
    auditEventId: bigint('audit_event_id', { mode: 'number' }).references(() => auditEvents.id),
    /** `work:<id>`, `organisation:<id>` or `confirmation`: FIFO within a subscription and key, in id order. */
    orderingKey: text('ordering_key').notNull(),
    /** Confirmation: the whole message. Notifications are built from their event when sent (null here). */
    body: text('body'),
    status: deliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the delivery is due: `infinity` while it waits behind an earlier pending one of its key,
     * the lease's end while a worker holds it (so a crashed worker's claim becomes due again).
     */
    nextAttemptAt: moment('next_attempt_at').notNull(),
    /** Set while a worker holds the delivery: the claim's token. */
    leaseUntil: moment('lease_until'),
    lastError: text('last_error'),
    createdAt: moment('created_at').notNull(),
  },
  (t) => [
    index('deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('deliveries_pending_order')
      .on(t.subscriptionId, t.orderingKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('deliveries_dead')
      .on(t.subscriptionId, t.createdAt)
      .where(sql`${t.status} = 'dead'`),
  ],
);

/** What an attempt led to: the message delivered, tried again later, or dead-lettered. */
export const attemptOutcome = pgEnum('attempt_outcome', operatorValuesOf('AttemptOutcome'));

/**
 * The message log: one row per delivery attempt whose outcome was recorded, written in the
 * transaction that records it, and pruned after `DELIVERY_LOG_DAYS`. It keeps what a message
 * needs to be queued again once delivered (a delivered message leaves the outbox): its id, kind,
 * event, queue and creation time.
 */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    kind: deliveryKind('kind').notNull(),
    auditEventId: bigint('audit_event_id', { mode: 'number' }),
    orderingKey: text('ordering_key').notNull(),
    messageCreatedAt: moment('message_created_at').notNull(),
    attemptedAt: moment('attempted_at').notNull(),
    endpoint: varchar('endpoint', { length: endpointLength }).notNull(),
    /** The HTTP status answered; null when there was no answer (`error` says why). */
    responseStatus: smallint('response_status'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    /** The first KiB of the response body, as UTF-8 text. */
    responseExcerpt: text('response_excerpt'),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    outcome: attemptOutcome('outcome').notNull(),
    /** After a `retry`: when the next attempt is due. */
    nextAttemptAt: moment('next_attempt_at'),
  },
  (t) => [
    index('delivery_attempts_subscription').on(t.subscriptionId, t.messageId, t.id),
    index('delivery_attempts_message').on(t.messageId),
    index('delivery_attempts_attempted').on(t.attemptedAt),
  ],
);

/**
 * Replays of messages (`replayMessage`, dead letters replayed in bulk), counted over the last hour
 * to bound them per message and per organisation across every instance; workers prune rows older
 * than the hour.
 */
export const messageReplays = pgTable(
  'message_replays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: varchar('message_id', { length: 64 }).notNull(),
    /** The organisation of the message's subscription. */
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    replayedAt: moment('replayed_at').notNull().defaultNow(),
  },
  (t) => [
    index('message_replays_organisation').on(t.organisationId, t.replayedAt),
    index('message_replays_message').on(t.messageId, t.replayedAt),
  ],
);

/** ed25519 keys signing the webhooks; every key not retired signs and is published. */
/**
 * The RSA keys and self-signed certificates of the pub/sub envelope's `Signature`; the newest signs.
 * The certificate is served at `SigningCertURL`.
 */
export const signingCertificates = pgTable('signing_certificates', {
  id: serial('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: createdAt(),
});

export const signingKeys = pgTable('signing_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: createdAt(),
  retiredAt: moment('retired_at'),
});

/** The fingerprint of what each read model's stored text was built from (the document's enumeration texts). */
export const readModels = pgTable('read_models', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
});

/**
 * The sandbox's clock (`serve --sandbox` only; one row): how far it runs ahead of the wall clock,
 * and up to which moment its deadlines (permits deemed, quarters ended) have been applied.
 */
export const sandboxClock = pgTable(
  'sandbox_clock',
  {
    id: smallint('id').primaryKey(),
    offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
    deadlinesAppliedUntil: moment('deadlines_applied_until').notNull(),
  },
  (t) => [check('sandbox_clock_one_row', sql`${t.id} = 1`)],
);

/**
 * The handshakes of receiver checks (deliveries/receiver-check): the hash of each check's one-time
 * confirmation token, and when the receiver followed its `SubscribeURL`. Rows live for the length
 * of a check, and are removed an hour after at the latest.
 */
export const receiverCheckHandshakes = pgTable('receiver_check_handshakes', {
  tokenHash: text('token_hash').primaryKey(),
  subscriptionReference: text('subscription_reference').notNull(),
  createdAt: createdAt(),
  confirmedAt: moment('confirmed_at'),
});

/**
 * The certificates of receiver checks (deliveries/receiver-check): each check signs its messages'
 * `Signature` with a key of its own, never the live certificate's, and the service serves the
 * check's certificate at `SigningCertURL` (`signing-certificates/check-<id>.pem`) while the check
 * runs, whichever instance the receiver reaches. Its private key is never stored. Rows are removed
 * when the check ends, and an hour after at the latest.
 */
export const receiverCheckCertificates = pgTable('receiver_check_certificates', {
  id: serial('id').primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  createdAt: createdAt(),
});
