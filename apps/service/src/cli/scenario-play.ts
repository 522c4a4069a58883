/**
 * Playing a scenario against a running sandbox, one step after another: triggers, the clock and
 * the message log through the operator API; subscribing through the event interface, as one of
 * the organisation's users (with the token the sandbox lists for it), then confirming on the
 * receiver's behalf unless the step says not to. Each step's record is what the service answered.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { SubscriptionCreateResponse } from '@street-events/types';
import type { components } from '@street-events/types/operator';
import { durationMs } from '../shared/clock.js';
import type { OperatorApi } from './operator-api.js';
import {
  kindOf,
  stepName,
  type ClockStep,
  type Scenario,
  type Step,
  type SubscribeStep,
  type TriggerStep,
  type WaitStep,
} from './scenario-file.js';

type Schemas = components['schemas'];
type RecordedEvent = Schemas['InternalRecordedEvent'];
type Message = Schemas['InternalMessage'];

/** A message of a subscription once its deliveries settled: how many attempts it took, and their answers. */
export interface SettledMessage {
  kind: Message['kind'];
  event_type: Message['event_type'];
  update_id: Message['update_id'];
  state: Message['state'];
  attempts: number;
  answers: string;
  next_attempt_at: string | null;
}

export type StepRecord = { step: number } & (
  | {
      kind: 'trigger';
      event_type: string;
      organisation: string;
      work_reference_number: string | null;
      as?: string;
      events: RecordedEvent[];
    }
  | { kind: 'clock'; advanced: string; now: string; events: RecordedEvent[]; subscriptions_removed: string[] }
  | { kind: 'wait'; waited: string }
  | { kind: 'wait'; settled: string; subscription_reference_number: string; messages: SettledMessage[] }
  | {
      kind: 'subscribe';
      organisation: string;
      api_endpoint: string;
      subscription_reference_number: string;
      status: Schemas['SubscriptionState'];
    }
);

const path = (name: string) => encodeURIComponent(name);

/**
 * Whether a message has had every attempt that is due: delivered, dead, waiting behind an earlier
 * one of its work, or waiting for a retry later than `now` (sandbox time) and not in flight (an
 * attempt in flight holds the message until its lease ends, not until the retry its last attempt set).
 */
function isSettled(message: Message, now: number): boolean {
  if (message.state !== 'pending' || message.next_attempt_at === null) return true;
  const next = Date.parse(message.next_attempt_at);
  const scheduled = message.attempts.at(-1)?.next_attempt_at;
  return next > now && scheduled !== undefined && scheduled !== null && Date.parse(scheduled) === next;
}

const settledMessage = (message: Message): SettledMessage => ({
  kind: message.kind,
  event_type: message.event_type,
  update_id: message.update_id,
  state: message.state,
  attempts: message.attempt_count,
  answers: message.attempts.map((attempt) => String(attempt.status ?? 'failed')).join(' '),
  next_attempt_at: message.next_attempt_at,
});

/** One scenario's play: the works bound by `as`, and the sandbox's organisations once read. */
class Player {
  private readonly works = new Map<string, string>();
  private organisations: Schemas['InternalSandboxOrganisation'][] | undefined;

  constructor(private readonly api: OperatorApi) {}

  play(step: Step, number: number): Promise<StepRecord> {
    switch (kindOf(step)) {
      case 'trigger':
        return this.trigger(step as TriggerStep, number);
      case 'clock':
        return this.clock(step as ClockStep, number);
      case 'subscribe':
        return this.subscribe(step as SubscribeStep, number);
      default:
        return this.wait(step as WaitStep, number);
    }
  }

  private async trigger({ trigger }: TriggerStep, step: number): Promise<StepRecord> {
    const { work, as, ...request } = trigger;
    if (work !== undefined && !this.works.has(work)) throw new Error(`${work} is bound to no work`);
    const answer = await this.api.expect<{ work_reference_number: string | null; events: RecordedEvent[] }>(
      'POST',
      '/trigger',
      { ...request, ...(work === undefined ? {} : { work_reference_number: this.works.get(work) }) },
    );
    if (as !== undefined && answer.work_reference_number !== null) this.works.set(as, answer.work_reference_number);
    const { event_type, organisation } = request;
    return { step, kind: 'trigger', event_type, organisation, ...answer, ...(as === undefined ? {} : { as }) };
  }

  private async clock({ clock }: ClockStep, step: number): Promise<StepRecord> {
    const answer = await this.api.expect<Schemas['InternalClockAdvanced']>('POST', '/sandbox/clock/advance', {
      by: clock.advance,
    });
    const { events, subscriptions_removed } = answer;
    return { step, kind: 'clock', advanced: clock.advance, now: answer.clock.now, events, subscriptions_removed };
  }

  /** A token of one of the organisation's users (named by swa_code or name), from the sandbox's list. */
  private async tokenOf(organisation: string): Promise<string> {
    this.organisations ??= (
      await this.api.expect<Schemas['InternalSandboxOrganisationList']>('GET', '/sandbox/organisations')
    ).organisations;
    const found = this.organisations.find((candidate) => [candidate.name, candidate.swa_code].includes(organisation));
    const user = found?.users.find((candidate) => candidate.role !== 'Operator');
    if (!user) throw new Error(`the sandbox lists no user of ${organisation} to subscribe as`);
    return user.token;
  }

  private async subscribe({ subscribe }: SubscribeStep, step: number): Promise<StepRecord> {
    const { organisation, endpoint: api_endpoint, confirm = true } = subscribe;
    const created = await this.api.expectAs<SubscriptionCreateResponse>(
      await this.tokenOf(organisation),
      'POST',
      '/api-notifications/subscribe',
      { api_endpoint },
    );
    if (confirm) {
      const pointing = { api_endpoint, status: 'confirmed' };
      await this.api.expect('PUT', `/organisations/${path(organisation)}/subscription`, pointing);
    }
    const { subscription_reference_number } = created;
    const status = confirm ? 'confirmed' : 'unconfirmed';
    return { step, kind: 'subscribe', organisation, api_endpoint, subscription_reference_number, status };
  }

  private async wait({ wait }: WaitStep, step: number): Promise<StepRecord> {
    if (typeof wait === 'string') {
      await delay(durationMs(wait));
      return { step, kind: 'wait', waited: wait };
    }
    const { settled, within = '30s' } = wait;
    const list = await this.api.expect<Schemas['InternalSubscriptionList']>(
      'GET',
      `/subscriptions?organisation=${path(settled)}`,
    );
    const reference = list.subscriptions[0]?.subscription_reference_number;
    if (reference === undefined) throw new Error(`${settled} has no subscription`);
    const messages = await this.settledMessages(reference, Date.now() + durationMs(within));
    if (!messages) throw new Error(`the deliveries to ${settled}'s subscription did not settle within ${within}`);
    return { step, kind: 'wait', settled, subscription_reference_number: reference, messages };
  }

  /** The subscription's messages (its latest 100, oldest first) once they have settled; undefined if not by `deadline`. */
  private async settledMessages(reference: string, deadline: number): Promise<SettledMessage[] | undefined> {
    for (;;) {
      const [clock, page] = await Promise.all([
        this.api.expect<Schemas['InternalSandboxClock']>('GET', '/sandbox/clock'),
        this.api.expect<Schemas['InternalMessagePage']>('GET', `/subscriptions/${path(reference)}/messages?limit=100`),
      ]);
      const now = Date.parse(clock.now);
      if (page.messages.every((message) => isSettled(message, now))) return page.messages.reverse().map(settledMessage);
      if (Date.now() > deadline) return undefined;
      await delay(200);
    }
  }
}

/**
 * Plays the scenario's steps in order against the sandbox whose operator API `api` is; returns
 * what each recorded, handing each to `onStep` as it is done. A step that fails ends the play
 * with an error naming it.
 */
export async function playScenario(
  api: OperatorApi,
  scenario: Scenario,
  onStep: (record: StepRecord) => void = () => undefined,
): Promise<StepRecord[]> {
  const player = new Player(api);
  const records: StepRecord[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const record = await player.play(step, index + 1).catch((error: unknown) => {
      throw new Error(`${stepName(index, step)}: ${(error as Error).message}`);
    });
    records.push(record);
    onStep(record);
  }
  return records;
}
