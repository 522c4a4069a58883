/**
 * A scenario file read for playing: YAML or JSON (JSON is YAML), its variables put in, checked
 * against the scenario schema (schema.ts). Anything wrong is one line naming the file, the step
 * and the field.
 */
import { readFile } from 'node:fs/promises';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { components } from '@street-events/types/operator';
import { parse } from 'yaml';
import { scenarioSchema, stepKinds, variablePattern, type StepKind } from './scenario-schema.js';

type Trigger = components['schemas']['InternalTrigger'];

export interface TriggerStep {
  trigger: Pick<Trigger, 'event_type' | 'organisation' | 'values'> & { work?: string; as?: string };
}
export interface ClockStep {
  clock: { advance: string };
}
export interface WaitStep {
  wait: string | { settled: string; within?: string };
}
export interface SubscribeStep {
  subscribe: { organisation: string; endpoint: string; confirm?: boolean };
}
export type Step = TriggerStep | ClockStep | WaitStep | SubscribeStep;

export interface Scenario {
  description?: string;
  steps: Step[];
}

export const kindOf = (step: object): StepKind | undefined => stepKinds.find((kind) => kind in step);

let compiled: { whole: ValidateFunction; steps: Map<StepKind, ValidateFunction> } | undefined;

/** The validators of the whole file and of each kind of step, compiled once. */
function validators() {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addSchema(scenarioSchema(), 'scenario');
  const get = (ref: string) => ajv.getSchema(ref)!;
  compiled = {
    whole: get('scenario'),
    steps: new Map(stepKinds.map((kind) => [kind, get(`scenario#/$defs/${kind}`)])),
  };
  return compiled;
}

/** `/steps/2/trigger/values/work_category` → `trigger.values.work_category`. */
const dotted = (pointer: string) => pointer.split('/').filter(Boolean).join('.');

function describeError(error: ErrorObject, within = ''): string {
  const field = dotted(error.instancePath.slice(within.length));
  // The placeholders of values added in later versions are never allowed (the schemas say `not`).
  const allowed = (error.params as { allowedValues?: string[] }).allowedValues?.filter(
    (value) => !String(value).startsWith('upcoming_'),
  );
  const detail =
    error.keyword === 'additionalProperties'
      ? `${error.message} (${(error.params as { additionalProperty: string }).additionalProperty})`
      : `${error.message}${allowed ? ` (${allowed.slice(0, 8).join(', ')}${allowed.length > 8 ? ', …' : ''})` : ''}`;
  return field ? `${field} ${detail}` : detail;
}

/** Keywords that say only that no form fitted: the error of the form that came nearest says more. */
const vague = new Set(['type', 'oneOf', 'anyOf', 'not']);

/** The error that says most: the deepest of those that are not vague, else the first. */
function mostTelling(errors: readonly ErrorObject[]): ErrorObject {
  const telling = errors.filter((error) => !vague.has(error.keyword));
  const depth = (error: ErrorObject) => error.instancePath.split('/').length;
  return telling.sort((a, b) => depth(b) - depth(a))[0] ?? errors[0]!;
}

/** `step 3 (trigger)`, from a step's place in the file. */
export const stepName = (index: number, step: unknown): string =>
  `step ${index + 1}${typeof step === 'object' && step !== null && kindOf(step) ? ` (${kindOf(step)})` : ''}`;

/** Why the file's content is not a scenario, in one line, or undefined when it is one. */
function schemaProblem(data: unknown): string | undefined {
  const { whole, steps } = validators();
  if (whole(data)) return undefined;
  const first = mostTelling(whole.errors!);
  const place = /^\/steps\/(\d+)/.exec(first.instancePath);
  if (!place) return describeError(first);
  const index = Number(place[1]);
  const step = (data as { steps: unknown[] }).steps[index];
  const kind = typeof step === 'object' && step !== null ? kindOf(step) : undefined;
  if (kind === undefined) return `${stepName(index, step)}: a step is an object with one of ${stepKinds.join(', ')}`;
  const check = steps.get(kind)!;
  const why = check(step) ? describeError(first, place[0]) : describeError(mostTelling(check.errors!));
  return `${stepName(index, step)}: ${why}`;
}

type Variables = Record<string, string | null | undefined>;

/** The variables: the file's values by default, those given on the command line over them. */
function variablesOf(data: unknown, given: Record<string, string>): Variables {
  const declared = (data as { variables?: unknown } | null)?.variables;
  const defaults = typeof declared === 'object' && declared !== null ? (declared as Variables) : {};
  return { ...defaults, ...given };
}

/** The value with each `${name}` in its strings replaced; throws naming the field (`path`) of a name without a value. */
function substituted(value: unknown, variables: Variables, path: string[]): unknown {
  if (typeof value === 'string') {
    return value.replaceAll(variablePattern, (_text, name: string) => {
      const found = variables[name];
      if (typeof found !== 'string')
        throw new Error(`${path.join('.')} uses \${${name}}, which has no value: give --var ${name}=VALUE`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((item, index) => substituted(item, variables, [...path, String(index)]));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, substituted(inner, variables, [...path, key])]),
    );
  }
  return value;
}

/** The steps with their variables put in; throws naming the step. */
function withVariables(data: unknown, given: Record<string, string>): unknown {
  const steps = (data as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return data;
  const variables = variablesOf(data, given);
  const put = steps.map((step: unknown, index) => {
    try {
      return substituted(step, variables, []);
    } catch (error) {
      throw new Error(`${stepName(index, step)}: ${(error as Error).message}`);
    }
  });
  return { ...(data as object), steps: put };
}

/** Why a step names a work no earlier step bound with `as`, or undefined when each one did. */
function unboundWork(scenario: Scenario): string | undefined {
  const bound = new Set<string>();
  for (const [index, step] of scenario.steps.entries()) {
    if (!('trigger' in step)) continue;
    const { work, as } = step.trigger;
    if (work !== undefined && !bound.has(work))
      return `${stepName(index, step)}: trigger.work names ${work}, which no earlier trigger bound with as`;
    if (as !== undefined) bound.add(as);
  }
  return undefined;
}

/** The content of a scenario file, or an error whose message is one line saying what is wrong. */
function parsed(file: string, text: string): unknown {
  try {
    return parse(text) as unknown;
  } catch (error) {
    const line = (error as Error).message.split('\n')[0]!.replace(/:$/, '');
    throw new Error(`neither YAML nor JSON: ${line}`);
  }
}

/**
 * Reads a scenario file (YAML or JSON), puts in its variables (`given` over the file's values) and
 * checks it against the scenario schema; throws an error whose message is one line naming the
 * file, the step and the field.
 */
export async function readScenario(file: string, given: Record<string, string> = {}): Promise<Scenario> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the scenario ${file} (${error.code ?? error.message})`);
  });
  let data: unknown;
  try {
    data = withVariables(parsed(file, text), given);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const problem = schemaProblem(data) ?? unboundWork(data as Scenario);
  if (problem !== undefined) throw new Error(`${file}: ${problem}`);
  return data as Scenario;
}
