/**
 * The JSON Schema of a scenario file, built from the operator document: an event's kind, its
 * organisation, the field values of a trigger, a clock move and a subscription's endpoint are the
 * document's own schemas, copied in with what they refer to (`$defs`), so that the schema stands
 * alone. `@street-events/sandbox` publishes it as `scenario.schema.json`; `street-events scenario
 * schema` prints it.
 */
import type { JsonSchema } from '../http/openapi.js';
import { loadOperatorDocument, type OpenApiDocument } from '../shared/documents.js';

/** The kinds of step, each an object with that one key. */
export const stepKinds = ['trigger', 'clock', 'wait', 'subscribe'] as const;
export type StepKind = (typeof stepKinds)[number];

/** A name a trigger binds its work to (`as`), and a variable's name. */
const namePattern = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';
/** `${name}` in a string: the value of the variable. */
export const variablePattern = /\$\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;
/** How long a step waits, in real time. */
const waitPattern = '^[1-9][0-9]{0,5}(ms|s|m)$';

const componentReference = /"#\/components\/schemas\/([^"/]+)"/g;

/** The document's component schemas that `schema` refers to, directly or not, keyed by name. */
function referencedComponents(document: OpenApiDocument, schema: unknown): Record<string, unknown> {
  const components = document.components.schemas ?? {};
  const found: Record<string, unknown> = {};
  const pending = [schema];
  while (pending.length > 0) {
    for (const [, name] of JSON.stringify(pending.pop()).matchAll(componentReference)) {
      if (name === undefined || name in found) continue;
      found[name] = components[name];
      pending.push(components[name]);
    }
  }
  return found;
}

/** The schema with the document's components it refers to in its `$defs`, and its references pointing there. */
function standingAlone(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const withComponents = {
    ...schema,
    $defs: { ...(schema.$defs as object), ...referencedComponents(document, schema) },
  };
  return JSON.parse(JSON.stringify(withComponents).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
}

/** An object of these properties and no others, the `required` ones required. */
const fields = (required: string[], properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

/** A step: an object whose one key is its kind, holding what it takes. */
const step = (kind: StepKind, description: string, value: JsonSchema): JsonSchema => ({
  description,
  ...fields([kind], { [kind]: value }),
});

type Properties = Record<string, JsonSchema>;

const name = (description: string): JsonSchema => ({ type: 'string', pattern: namePattern, description });
const realTime = (description: string): JsonSchema => ({ type: 'string', pattern: waitPattern, description });

const triggerStep = (trigger: Properties): JsonSchema =>
  step(
    'trigger',
    'Brings about an event for an organisation (`POST /internal/trigger`).',
    fields(['event_type', 'organisation'], {
      event_type: trigger.event_type!,
      organisation: trigger.organisation!,
      work: name('The work an earlier trigger bound with `as`, to act on.'),
      values: trigger.values!,
      as: name('A name for the work this trigger involved, for later steps.'),
    }),
  );

const waitStep = (organisation: JsonSchema): JsonSchema =>
  step('wait', 'Waits a while, or until the deliveries to an organisation’s subscription have settled.', {
    oneOf: [
      realTime('Real time: e.g. `500ms`, `2s`, `1m`.'),
      {
        description:
          'Until every message of the subscription is delivered, dead, or waiting for a retry later in sandbox time.',
        ...fields(['settled'], {
          settled: { ...organisation, description: 'The organisation whose subscription it is.' },
          within: realTime('How long to wait at most, in real time (`30s` by default).'),
        }),
      },
    ],
  });

const subscribeStep = (organisation: JsonSchema): JsonSchema =>
  step(
    'subscribe',
    'Subscribes an organisation’s endpoint through the event interface, as one of its users.',
    fields(['organisation', 'endpoint'], {
      organisation,
      endpoint: {
        anyOf: [
          { $ref: '#/components/schemas/SubscriptionEndpoint' },
          { type: 'string', pattern: variablePattern.source, description: 'A URL given as a variable.' },
        ],
      },
      confirm: {
        type: 'boolean',
        default: true,
        description: 'Confirmed on the receiver’s behalf (sandbox only); `false` leaves it unconfirmed.',
      },
    }),
  );

/** The schema of each kind of step, from the operator document's schemas of what it takes. */
function stepSchemas(document: OpenApiDocument): Record<StepKind, JsonSchema> {
  const schemas = document.components.schemas as Record<string, { properties: Properties }>;
  const trigger = schemas.InternalTrigger!.properties;
  const clock = fields(['advance'], { advance: schemas.InternalClockAdvance!.properties.by! });
  return {
    trigger: triggerStep(trigger),
    clock: step('clock', "Moves the sandbox's clock forward (`POST /internal/sandbox/clock/advance`).", clock),
    wait: waitStep(trigger.organisation!),
    subscribe: subscribeStep(trigger.organisation!),
  };
}

/** The JSON Schema of a scenario file (draft 2020-12). */
export function scenarioSchema(document: OpenApiDocument = loadOperatorDocument()): JsonSchema {
  const steps = stepSchemas(document);
  return standingAlone(document, {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Scenario',
    description:
      'A scenario of the street-events sandbox: steps played in order against a running sandbox by `street-events scenario run FILE`.',
    type: 'object',
    additionalProperties: false,
    required: ['steps'],
    properties: {
      $schema: { type: 'string', description: 'This schema, for editors.' },
      description: { type: 'string', description: 'What the scenario shows.' },
      variables: {
        type: 'object',
        description:
          'Variables used as `${name}` in the steps, each with its value by default; null: it must be given (`--var name=value`).',
        propertyNames: { pattern: namePattern },
        additionalProperties: { type: ['string', 'null'] },
      },
      steps: { type: 'array', minItems: 1, maxItems: 1000, items: { $ref: '#/$defs/Step' } },
    },
    $defs: {
      Step: { oneOf: stepKinds.map((kind) => ({ $ref: `#/$defs/${kind}` })) },
      ...steps,
    },
  });
}
