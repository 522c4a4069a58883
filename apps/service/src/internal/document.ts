/**
 * The internal operator API as an OpenAPI 3.1 document: the routes under `/internal`, their
 * request schemas (what the server validates) and their answers (what the tests check). It is
 * not part of the published interface documents. Enumerations come from the generated `enumerations`
 * and src/domain, so a value is written once; the error body and the internal user fields are the interface's own schemas.
 */
import {
  attemptOutcome,
  changeRequestKind,
  changeRequestStatus,
  deliveryKind,
  organisationKind,
  subscriptionStatus,
  userRole,
} from '../db/schema.js';
import { enumerations } from '@street-events/types';
import { permitEventTypes } from '../domain/permits.js';
import { workObjectLifecycles } from '../domain/work-object-lifecycles.js';
import { loadDocument, type JsonSchema, type OpenApiDocument } from '../http/openapi.js';
import { maxBufferedBytes, maxStreams } from '../http/delivery-stream.js';
import { redactedToken } from '../deliveries/attempt-log.js';

export const internalBasePath = '/internal';

const lifecycles = Object.values(workObjectLifecycles);

const ref = (schema: string): JsonSchema => ({ $ref: `#/components/schemas/${schema}` });
const text = (maxLength: number, description: string): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  description,
});
const dateTime = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });
const flag = (description: string): JsonSchema => ({ type: 'boolean', description });
const swaCode: JsonSchema = { type: 'string', pattern: '^[A-Za-z0-9]{1,4}$' };
/** An organisation named by its swa_code or its name. */
const organisation = (kind: string): JsonSchema => text(100, `The ${kind}: its swa_code or its name.`);

const schemas: Record<string, JsonSchema> = {
  InternalRecordedEvent: {
    type: 'object',
    additionalProperties: false,
    description: 'An audit event the operation recorded, as committed.',
    required: [
      'update_id',
      'update_date_time',
      'event_type',
      'object_type',
      'object_reference_number',
      'parent_object_reference_number',
    ],
    properties: {
      update_id: { type: 'integer', minimum: 1 },
      update_date_time: { type: 'string', format: 'date-time' },
      event_type: ref('AuditEventType'),
      object_type: ref('AuditObjectTypeResponse'),
      object_reference_number: { type: ['string', 'null'] },
      parent_object_reference_number: { type: ['string', 'null'] },
    },
  },
  InternalWorkSubmission: {
    type: 'object',
    additionalProperties: false,
    description: 'A new work with its first permit application. The permit fields stand beside the work fields.',
    required: [
      'work_reference_number',
      'promoter_swa_code',
      'highway_authority_swa_code',
      'street',
      'town',
      'area',
      'usrn',
      'road_category',
      'works_coordinates',
      'location_description',
      'description_of_work',
      'work_category',
      'traffic_management_type',
      'activity_type',
      'proposed_start_date',
      'proposed_end_date',
    ],
    properties: {
      work_reference_number: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,24}$',
        description: 'Up to 24 letters, digits, `-` and `_`.',
      },
      promoter_swa_code: swaCode,
      highway_authority_swa_code: swaCode,
      workstream_prefix: {
        type: 'string',
        pattern: '^[0-9]{3}$',
        description: "The promoter's workstream; `000` by default.",
      },
      street: text(100, 'Street name.'),
      town: text(100, 'Town.'),
      area: text(100, 'Area.'),
      usrn: { type: 'integer', minimum: 1000001, maximum: 99999999, description: 'Unique street reference number.' },
      road_category: { type: 'integer', minimum: 0, maximum: 4 },
      works_coordinates: ref('InternalWorksCoordinates'),
      location_description: text(500, 'Description of the location of the works.'),
      description_of_work: text(500, 'Description of the works.'),
      work_category: { enum: enumerations.WorkCategoryResponse.values },
      traffic_management_type: { enum: enumerations.TrafficManagementTypeResponse.values },
      activity_type: { enum: enumerations.ActivityTypeResponse.values },
      proposed_start_date: dateTime('Proposed start.'),
      proposed_end_date: dateTime('Proposed end; not before the start.'),
      proposed_start_time: { type: ['string', 'null'], format: 'date-time' },
      proposed_end_time: { type: ['string', 'null'], format: 'date-time' },
      is_traffic_sensitive: flag('Traffic-sensitive street or time.'),
      excavation_carried_out: flag('The works excavate.'),
      is_early_start: flag('Early start asked for.'),
      is_high_impact_traffic_management: flag('High-impact traffic management.'),
      is_lane_rental: flag('Lane rental applies.'),
      lane_rental_charges_not_agreed: flag('Lane rental charges not agreed.'),
      lane_rental_charges_potentially_apply: flag('Lane rental charges may apply.'),
      lane_rental_assessment_outcome: { enum: [...enumerations.LaneRentalAssessmentOutcomeResponse.values, null] },
      has_no_final_reinstatement: flag('No final reinstatement.'),
      permit_conditions: {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['condition'],
          properties: {
            condition: { enum: enumerations.PermitConditionTypeResponse.values },
            comment: { type: ['string', 'null'], maxLength: 500 },
          },
        },
      },
      started_on_submission: flag('Immediate works only: the work started as the permit was submitted.'),
      internal_user_identifier: ref('InternalUserIdentifier'),
      internal_user_name: ref('InternalUserName'),
    },
  },
  InternalWorksCoordinates: {
    description: 'A GeoJSON Point, LineString or Polygon in British National Grid (EPSG:27700) eastings and northings.',
    oneOf: [
      geometry('Point', ref('InternalPosition')),
      geometry('LineString', { type: 'array', minItems: 2, maxItems: 1000, items: ref('InternalPosition') }),
      geometry('Polygon', {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        items: { type: 'array', minItems: 4, maxItems: 1000, items: ref('InternalPosition') },
      }),
    ],
  },
  InternalPosition: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'number' } },
  InternalPermitTransition: {
    type: 'object',
    additionalProperties: false,
    required: ['event_type'],
    properties: {
      event_type: { enum: permitEventTypes, description: 'The permit event to record.' },
      ...actorProperties(),
    },
  },
  InternalChangeRequestSubmission: {
    type: 'object',
    additionalProperties: false,
    required: ['kind'],
    properties: {
      kind: { enum: changeRequestKind.enumValues },
      proposed_start_date: dateTime('New proposed start; unchanged when left out.'),
      proposed_end_date: dateTime('New proposed end; unchanged when left out.'),
      traffic_management_type: { enum: enumerations.TrafficManagementTypeResponse.values },
      description_of_work: text(500, 'New description of the works.'),
      ...actorProperties(),
    },
  },
  InternalChangeRequestDecision: {
    type: 'object',
    additionalProperties: false,
    required: ['decision'],
    properties: {
      decision: { enum: changeRequestStatus.enumValues.filter((status) => status !== 'submitted') },
      ...actorProperties(),
    },
  },
  InternalObjectOpening: {
    type: 'object',
    additionalProperties: false,
    required: ['object_type', 'event_type'],
    properties: {
      object_type: { enum: Object.keys(workObjectLifecycles) },
      event_type: {
        enum: lifecycles.flatMap((lifecycle) => Object.keys(lifecycle.opening)),
        description: 'One of the events that create a record of `object_type`.',
      },
      ...actorProperties(),
    },
  },
  InternalObjectTransition: {
    type: 'object',
    additionalProperties: false,
    required: ['event_type'],
    properties: {
      event_type: {
        enum: [...new Set(lifecycles.flatMap((lifecycle) => Object.keys(lifecycle.transitions)))],
        description: "One of the events that move a record of the record's type on.",
      },
      ...actorProperties(),
    },
  },
  InternalQuarterEnd: {
    type: 'object',
    additionalProperties: false,
    required: ['highway_authority', 'quarter'],
    properties: {
      highway_authority: organisation('highway authority'),
      quarter: {
        type: 'string',
        pattern: '^[0-9]{4}-Q[1-4]$',
        description: 'A calendar quarter (UTC), e.g. `2025-Q3`.',
      },
      ...actorProperties(),
    },
  },
  InternalTrigger: {
    type: 'object',
    additionalProperties: false,
    description:
      'An event of any kind to bring about for an organisation, with what it needs first (a work, a permit assessed, a record to move on).',
    required: ['event_type', 'organisation'],
    properties: {
      event_type: { enum: enumerations.AuditEventType.values, description: 'The kind of event.' },
      organisation: organisation('promoter, highway authority or contractor the event is for'),
      work_reference_number: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,24}$',
        description: 'A work the organisation takes part in, to act on; by default a new one.',
      },
      ...actorProperties(),
    },
  },
  InternalContract: {
    type: 'object',
    additionalProperties: false,
    required: ['contractor', 'promoter'],
    properties: {
      contractor: organisation('contractor'),
      promoter: organisation('promoter'),
      ...actorProperties(),
    },
  },
};

/** An object whose every property is required, none other allowed. */
function record(description: string, properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', additionalProperties: false, description, required: Object.keys(properties), properties };
}

const nullable = (schema: JsonSchema): JsonSchema => ({ oneOf: [schema, { type: 'null' }] });
const instant: JsonSchema = { type: 'string', format: 'date-time' };
const messageId: JsonSchema = { type: 'string', description: 'The message id: its `webhook-id` and `MessageId`.' };
const subscriptionReference: JsonSchema = { type: 'string', description: 'The subscription reference.' };
/** The schemas of the message log and the sandbox's operations; an endpoint is the interface's `api_endpoint`. */
// eslint-disable-next-line max-lines-per-function -- a table: the schemas of the message log and the sandbox
const deliverySchemas = (endpoint: JsonSchema): Record<string, JsonSchema> => ({
  InternalSubscription: record('A subscription, its organisation, endpoint and state.', {
    subscription_reference_number: subscriptionReference,
    organisation: record('The subscribing organisation.', {
      name: { type: 'string' },
      kind: { enum: organisationKind.enumValues },
      swa_code: { type: ['string', 'null'] },
    }),
    status: { enum: subscriptionStatus.enumValues },
    api_endpoint: { type: 'string' },
    description: { type: 'string' },
    created_at: instant,
    confirmed_at: nullable(instant),
    failing_since: {
      ...nullable(instant),
      description:
        'Since when its endpoint has failed every attempt: it gets one attempt at a time until one succeeds, and is disabled (removed) after `WEBHOOK_DISABLE_AFTER_DAYS`. Null while the endpoint takes deliveries.',
    },
  }),
  InternalSubscriptionList: record('Subscriptions, by organisation name.', {
    subscriptions: { type: 'array', items: ref('InternalSubscription') },
  }),
  InternalSubscriptionPointing: {
    type: 'object',
    additionalProperties: false,
    required: ['api_endpoint'],
    description:
      "Where an organisation's subscription points. Without a subscription, one is created (its confirmation is sent to the endpoint). Confirming on the receiver's behalf, and changing an existing subscription, only in the sandbox.",
    properties: {
      api_endpoint: endpoint,
      status: {
        enum: subscriptionStatus.enumValues,
        description: '`confirmed`: confirmed at once, without the handshake (sandbox only). Left out: unchanged.',
      },
    },
  },
  InternalAttempt: record('One delivery attempt, as sent and as answered.', {
    attempted_at: instant,
    endpoint: { type: 'string' },
    status: { type: ['integer', 'null'], description: 'The HTTP status answered; null when there was no answer.' },
    error: {
      type: ['string', 'null'],
      description: 'Why there was no answer (connection, time limit, refused address).',
    },
    latency_ms: { type: 'integer', minimum: 0, description: "Until the answer's head, or the failure." },
    response_excerpt: { type: ['string', 'null'], description: "The first KiB of the answer's body." },
    request_headers: { type: 'object', additionalProperties: { type: 'string' } },
    request_body: {
      type: 'string',
      description: `As sent, but for a confirmation's token: its \`Token\` and the \`token\` of its \`SubscribeURL\` read \`${redactedToken}\`.`,
    },
    outcome: { enum: attemptOutcome.enumValues },
    next_attempt_at: nullable(instant),
  }),
  InternalMessage: record('A message of a subscription, its state and its attempts (oldest first).', {
    message_id: messageId,
    kind: { enum: deliveryKind.enumValues },
    state: { enum: ['pending', 'delivered', 'dead'] },
    created_at: instant,
    event_type: nullable(ref('AuditEventType')),
    update_id: { type: ['integer', 'null'] },
    object_reference_number: { type: ['string', 'null'] },
    next_attempt_at: {
      ...nullable(instant),
      description: 'When a pending message is tried next; null while it waits behind an earlier one of its work.',
    },
    attempts: { type: 'array', items: ref('InternalAttempt') },
  }),
  InternalMessagePage: record('Messages, newest first.', {
    messages: { type: 'array', items: ref('InternalMessage') },
    next_cursor: { type: ['string', 'null'], description: 'Give it as `before` for the next page; null on the last.' },
  }),
  InternalDeadLetter: record('A message whose every attempt failed.', {
    message_id: messageId,
    subscription_reference_number: subscriptionReference,
    kind: { enum: deliveryKind.enumValues },
    attempts: { type: 'integer', minimum: 0 },
    created_at: instant,
    last_error: { type: ['string', 'null'] },
  }),
  InternalDeadLetterList: record('Dead letters, oldest first.', {
    dead_letters: { type: 'array', items: ref('InternalDeadLetter') },
  }),
  InternalReplay: record('The message is queued again with its webhook-id.', { message_id: messageId }),
  InternalDeliveryChange: {
    description: 'An event of the delivery stream (its `data`, as JSON; the event name is its `type`).',
    oneOf: [
      record('An attempt was recorded.', {
        type: { const: 'attempt' },
        subscription: subscriptionReference,
        message_id: messageId,
        kind: { enum: deliveryKind.enumValues },
        event_type: nullable(ref('AuditEventType')),
        update_id: { type: ['integer', 'null'] },
        attempted_at: instant,
        status: { type: ['integer', 'null'] },
        error: { type: ['string', 'null'] },
        latency_ms: { type: 'integer', minimum: 0 },
        outcome: { enum: attemptOutcome.enumValues },
        next_attempt_at: nullable(instant),
      }),
      record('A message was queued (new, or replayed).', {
        type: { const: 'queued' },
        subscription: subscriptionReference,
        message_id: messageId,
      }),
    ],
  },
  InternalSandboxOrganisation: record('An organisation of the sandbox and its users, with their tokens.', {
    name: { type: 'string' },
    kind: { enum: organisationKind.enumValues },
    swa_code: { type: ['string', 'null'] },
    users: {
      type: 'array',
      items: record('A sandbox user.', {
        username: { type: 'string' },
        role: { enum: userRole.enumValues },
        token: { type: 'string' },
      }),
    },
  }),
  InternalSandboxOrganisationList: record('The organisations of the sandbox.', {
    organisations: { type: 'array', items: ref('InternalSandboxOrganisation') },
  }),
});

function geometry(type: string, coordinates: JsonSchema): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'coordinates'],
    properties: { type: { const: type }, coordinates },
  };
}

function actorProperties(): Record<string, JsonSchema> {
  return { internal_user_identifier: ref('InternalUserIdentifier'), internal_user_name: ref('InternalUserName') };
}

/** A successful answer: the given properties and the events recorded. */
function answer(description: string, properties: Record<string, JsonSchema>): JsonSchema {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          additionalProperties: false,
          required: [...Object.keys(properties), 'events'],
          properties: { ...properties, events: { type: 'array', items: ref('InternalRecordedEvent') } },
        },
      },
    },
  };
}

const errors = (statuses: number[]): Record<string, JsonSchema> =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      { description: `Error ${status}.`, content: { 'application/json': { schema: ref('ErrorResponse') } } },
    ]),
  );

/** Errors every internal operation can answer. */
const commonErrors = [400, 401, 403, 404, 409, 413, 415];

function pathParameter(name: string, maxLength: number, description: string): JsonSchema {
  return { name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength }, description };
}

const referenceString: JsonSchema = { type: 'string' };

function operation(
  operationId: string,
  summary: string,
  options: { parameters?: JsonSchema[]; body?: string; success: [number, JsonSchema]; tag?: string },
): JsonSchema {
  return {
    operationId,
    summary,
    ...(options.tag ? { tags: [options.tag] } : {}),
    'x-allowed-roles': ['Operator'],
    security: [{ token: [] }],
    ...(options.parameters ? { parameters: options.parameters } : {}),
    ...(options.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(options.body) } } } }
      : {}),
    responses: { [String(options.success[0])]: options.success[1], ...errors(commonErrors) },
  };
}

const permitReference = pathParameter('permit_reference_number', 27, 'The permit, `<work>-NN`.');

const paths = {
  [`${internalBasePath}/works`]: {
    post: operation('submitWork', 'Submit a work with its first permit', {
      body: 'InternalWorkSubmission',
      success: [
        201,
        answer('The work and its permit were created.', {
          work_reference_number: referenceString,
          permit_reference_number: referenceString,
        }),
      ],
    }),
  },
  [`${internalBasePath}/permits/{permit_reference_number}/transitions`]: {
    post: operation(
      'transitionPermit',
      'Record a permit event: an assessment, cancellation, work start or stop, ancillary information',
      {
        parameters: [permitReference],
        body: 'InternalPermitTransition',
        success: [
          200,
          answer('The event was recorded, with its consequences.', { permit_reference_number: referenceString }),
        ],
      },
    ),
  },
  [`${internalBasePath}/permits/{permit_reference_number}/change-requests`]: {
    post: operation('submitChangeRequest', 'Submit an alteration or a change request to a permit', {
      parameters: [permitReference],
      body: 'InternalChangeRequestSubmission',
      success: [201, answer('The request was submitted.', { reference: referenceString })],
    }),
  },
  [`${internalBasePath}/change-requests/{reference}/decision`]: {
    post: operation('decideChangeRequest', 'Grant, refuse or cancel an alteration or change request', {
      parameters: [pathParameter('reference', 64, 'The request, `<permit>-ALTnn` or `<permit>-CRnn`.')],
      body: 'InternalChangeRequestDecision',
      success: [200, answer('The decision was recorded; a grant changed the permit.', { reference: referenceString })],
    }),
  },
  [`${internalBasePath}/works/{work_reference_number}/objects`]: {
    post: operation(
      'openWorkObject',
      'Create a record of a work: inspection, sample inspection, FPN, comment, reinstatement, section 81/74/58, PAA, non-compliance, private street notice, forward plan, scheduled inspection',
      {
        parameters: [pathParameter('work_reference_number', 24, 'The work.')],
        body: 'InternalObjectOpening',
        success: [201, answer('The record was created.', { reference: referenceString })],
      },
    ),
  },
  [`${internalBasePath}/objects/{reference}/transitions`]: {
    post: operation('advanceWorkObject', 'Move a record of a work on', {
      parameters: [
        pathParameter(
          'reference',
          64,
          'The record, `<work>-INSnn`, `-SInn`, `-FPNnn`, `-COMnn`, `-REnn`, `-S81nn`, `-S74nn`, `-S58nn`, `-PAAnn`, `-NCnn`, `-PSNnn`, `-FPnn` or `-SCHnn`.',
        ),
      ],
      body: 'InternalObjectTransition',
      success: [200, answer('The event was recorded.', { reference: referenceString })],
    }),
  },
  [`${internalBasePath}/quarters/end`]: {
    post: operation('endQuarter', "End a highway authority's sample inspection quarter", {
      body: 'InternalQuarterEnd',
      success: [
        200,
        answer('The quarter ended; its open sample inspections expired.', {
          quarter: referenceString,
          expired: { type: 'array', items: referenceString },
        }),
      ],
    }),
  },
  [`${internalBasePath}/trigger`]: {
    post: operation('triggerEvent', 'Bring about an event of any kind for an organisation', {
      body: 'InternalTrigger',
      success: [
        201,
        answer('The event was recorded, last, after what it needed.', {
          work_reference_number: {
            type: ['string', 'null'],
            description: 'The work the events are about, new or named; null when none was involved.',
          },
        }),
      ],
    }),
  },
  [`${internalBasePath}/contracts`]: {
    post: operation('addContract', 'Add a contract between a contractor and a promoter', {
      body: 'InternalContract',
      success: [201, answer('The contract was added.', { contractor: referenceString, promoter: referenceString })],
    }),
  },
  [`${internalBasePath}/contracts/{contractor}/{promoter}`]: {
    delete: operation('removeContract', 'Remove the active contract between a contractor and a promoter', {
      parameters: [
        pathParameter('contractor', 100, "The contractor's name."),
        pathParameter('promoter', 100, "The promoter's swa_code or name."),
        { name: 'internal_user_identifier', in: 'query', schema: ref('InternalUserIdentifier') },
        { name: 'internal_user_name', in: 'query', schema: ref('InternalUserName') },
      ],
      success: [200, answer('The contract was removed.', { contractor: referenceString, promoter: referenceString })],
    }),
  },
};

/** A successful answer of the delivery operations: the schema, as JSON. */
const json = (description: string, schema: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: ref(schema) } },
});

const organisationPath = pathParameter('organisation', 100, 'The organisation: its swa_code or its name.');

/** Operations of the message log (tag `deliveries`) and of the sandbox (tag `sandbox`, served only there). */
const deliveryPaths = {
  [`${internalBasePath}/subscriptions`]: {
    get: operation('listSubscriptions', 'List subscriptions with their organisation, endpoint and state', {
      tag: 'deliveries',
      parameters: [
        { name: 'organisation', in: 'query', schema: text(100, 'Only this organisation: its swa_code or its name.') },
      ],
      success: [200, json('The subscriptions.', 'InternalSubscriptionList')],
    }),
  },
  [`${internalBasePath}/organisations/{organisation}/subscription`]: {
    put: operation('pointSubscription', "Point an organisation's subscription at an endpoint, creating it if need be", {
      tag: 'deliveries',
      parameters: [organisationPath],
      body: 'InternalSubscriptionPointing',
      success: [200, json('The subscription as it now is.', 'InternalSubscription')],
    }),
    delete: operation('removeSubscription', "Remove an organisation's subscription", {
      tag: 'deliveries',
      parameters: [organisationPath],
      success: [200, json('The subscription removed.', 'InternalSubscription')],
    }),
  },
  [`${internalBasePath}/subscriptions/{subscription_reference_number}/messages`]: {
    get: operation('listMessages', "A subscription's messages, newest first, each with its attempts", {
      tag: 'deliveries',
      parameters: [
        pathParameter('subscription_reference_number', 30, 'The subscription.'),
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        { name: 'before', in: 'query', schema: text(200, 'The `next_cursor` of the page before.') },
      ],
      success: [200, json('A page of messages.', 'InternalMessagePage')],
    }),
  },
  [`${internalBasePath}/dead-letters`]: {
    get: operation('listDeadLetters', 'List dead letters: messages whose every attempt failed', {
      tag: 'deliveries',
      parameters: [{ name: 'subscription', in: 'query', schema: text(30, 'Only those of this subscription.') }],
      success: [200, json('The dead letters.', 'InternalDeadLetterList')],
    }),
  },
  [`${internalBasePath}/messages/{message_id}/replay`]: {
    post: operation('replayMessage', 'Queue a dead or delivered message again, with the same webhook-id', {
      tag: 'deliveries',
      parameters: [pathParameter('message_id', 64, 'The message id (webhook-id).')],
      success: [
        202,
        json(
          'The message is queued at the end of its queue: due once the deliveries of its work queued before it are done. `409` when it is queued already, is a delivered confirmation (its token is used), or regards an organisation its subscription no longer covers (a contract has ended).',
          'InternalReplay',
        ),
      ],
    }),
  },
  [`${internalBasePath}/deliveries/stream`]: {
    get: operation('streamDeliveries', 'Server-sent events: attempts recorded and messages queued, as they happen', {
      tag: 'deliveries',
      parameters: [{ name: 'subscription', in: 'query', schema: text(30, 'Only those of this subscription.') }],
      success: [
        200,
        {
          description: `A \`text/event-stream\`: each event named by its \`type\` (\`attempt\`, \`queued\`) with an \`InternalDeliveryChange\` as its data; \`resync\` when changes may have been missed (refetch). At most ${maxStreams} streams are open at once in a process (\`503\` beyond); a stream whose client reads so slowly that more than ${maxBufferedBytes / 1024 / 1024} MiB wait to be sent is ended (reconnect and refetch).`,
          content: { 'text/event-stream': { schema: { type: 'string' } } },
        },
      ],
    }),
  },
  [`${internalBasePath}/sandbox/organisations`]: {
    get: operation('listSandboxOrganisations', 'The sandbox organisations with the token of each user (sandbox only)', {
      tag: 'sandbox',
      success: [200, json('The organisations.', 'InternalSandboxOrganisationList')],
    }),
  },
};

let document: OpenApiDocument | undefined;

/** The internal document; its components are the interface's and the internal schemas. */
export function internalDocument(): OpenApiDocument {
  if (document === undefined) {
    const published = loadDocument();
    const subscriptionRequest = published.components.schemas?.SubscriptionCreateRequest as {
      properties: { api_endpoint: JsonSchema };
    };
    document = {
      openapi: '3.1.0',
      info: { title: 'street-events internal operator API', version: published.info.version },
      paths: { ...paths, ...deliveryPaths },
      components: {
        ...published.components,
        schemas: {
          ...published.components.schemas,
          ...schemas,
          ...deliverySchemas(subscriptionRequest.properties.api_endpoint),
        },
      },
    };
  }
  return document;
}
