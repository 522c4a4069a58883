/**
 * The sandbox's network under a chaos profile: the worker sends every attempt through it
 * (deliveries/attempts/network.ts), and it drops, duplicates and delays notifications on their way
 * to the receiver as the profile's decisions say (decisions.ts). The queue is untouched: within a
 * subscription only the head of a work's queue is ever being sent, so a notification held back here
 * holds the later ones of its work behind it, while those of other works overtake it. With
 * `reorder_within_work`, a delayed notification is answered at once as delivered and sent later,
 * so later ones of its work may overtake it too. The `SubscriptionConfirmation` handshake passes
 * untouched.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AttemptOptions, AttemptOutcome } from '../../deliveries/attempts/attempt.js';
import { directNetwork, type DeliveryNetwork } from '../../deliveries/attempts/network.js';
import type { DeliveryRequest } from '../../deliveries/messages/messages.js';
import type { ClaimedDelivery } from '../../deliveries/messages/claimed-delivery.js';
import { deliveryDecision, type DeliveryDecision } from './decisions.js';
import type { ChaosLedger } from './ledger.js';
import type { ChaosProfile } from './presets.js';

export interface ChaosNetworkOptions {
  profile: ChaosProfile;
  seed: number;
  ledger: ChaosLedger;
  /** The name of the organisation whose subscription this is. */
  organisationOf: (subscriptionId: number) => Promise<string>;
  /** Where attempts really go; `directNetwork` by default. */
  next?: DeliveryNetwork;
}

/** What the worker records of a notification that was never sent. */
const dropped = (): AttemptOutcome => ({
  outcome: 'delivered',
  status: 200,
  latencyMs: 0,
  responseExcerpt: "dropped by the sandbox's chaos profile: not sent to the receiver",
});

/** What the worker records of a notification to be sent later, overtaken by the later ones of its work. */
const sentLater = (delayMs: number): AttemptOutcome => ({
  outcome: 'delivered',
  status: 202,
  latencyMs: 0,
  responseExcerpt: `held back ${delayMs} ms by the sandbox's chaos profile; later notifications of its work may arrive first`,
});

const aborted = (reason: string | undefined): AttemptOutcome => ({
  outcome: 'retry',
  status: null,
  retryAfterMs: null,
  reason: `aborted: ${reason ?? 'the attempt was cancelled'}`,
  latencyMs: 0,
  responseExcerpt: null,
});

export class ChaosNetwork {
  private readonly next: DeliveryNetwork;
  /** Sends held back past their answer (`reorder_within_work`), aborted by `close`. */
  private readonly later = new Set<AbortController>();

  constructor(private readonly options: ChaosNetworkOptions) {
    this.next = options.next ?? directNetwork;
  }

  readonly send: DeliveryNetwork = async (delivery, request, attempt) => {
    if (delivery.kind !== 'notification') return this.next(delivery, request, attempt);
    const { profile, seed, ledger } = this.options;
    const decision = deliveryDecision(profile, seed, delivery.message_id);
    const organisation = await this.options.organisationOf(delivery.subscription_id);
    const count = (figure: Parameters<ChaosLedger['count']>[2]) =>
      ledger.count(organisation, delivery.message_id, figure);
    if (decision.dropped) {
      count('dropped');
      ledger.settled(delivery.message_id);
      return dropped();
    }
    if (decision.delayMs > 0) count('delayed');
    if (decision.delayMs > 0 && profile.reorder_within_work) {
      this.sendLater(delivery, request, attempt, decision, count);
      return sentLater(decision.delayMs);
    }
    if (decision.delayMs > 0) {
      try {
        await sleep(decision.delayMs, undefined, { signal: attempt.signal });
      } catch {
        return aborted(attempt.signal?.reason as string | undefined);
      }
    }
    return this.sendOnce(delivery, request, attempt, decision, count);
  };

  /** Aborts the sends held back. */
  close(): void {
    for (const controller of this.later) controller.abort('the sandbox is stopping');
    this.later.clear();
  }

  /** Sends the attempt, and again at once when it is to be duplicated and the first was taken. */
  private async sendOnce(
    delivery: ClaimedDelivery,
    request: DeliveryRequest,
    attempt: AttemptOptions,
    decision: DeliveryDecision,
    count: (figure: 'sent' | 'duplicated') => void,
  ): Promise<AttemptOutcome> {
    const outcome = await this.next(delivery, request, attempt);
    if (outcome.outcome !== 'delivered') return outcome;
    count('sent');
    if (decision.duplicated) {
      await this.next(delivery, request, attempt);
      count('duplicated');
    }
    this.options.ledger.settled(delivery.message_id);
    return outcome;
  }

  private sendLater(
    delivery: ClaimedDelivery,
    request: DeliveryRequest,
    attempt: AttemptOptions,
    decision: DeliveryDecision,
    count: (figure: 'sent' | 'duplicated') => void,
  ): void {
    const controller = new AbortController();
    this.later.add(controller);
    const options = { ...attempt, signal: controller.signal };
    sleep(decision.delayMs, undefined, { signal: controller.signal })
      .then(() => this.sendOnce(delivery, request, options, decision, count))
      .catch(() => undefined)
      .finally(() => {
        // Answered as delivered already, the worker never tries it again, whatever this send did.
        this.options.ledger.settled(delivery.message_id);
        this.later.delete(controller);
      });
  }
}
