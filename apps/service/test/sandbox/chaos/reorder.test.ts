/**
 * The chaos network on its own, before a stub of the receiver: with `reorder_within_work`, a
 * delayed notification is answered at once and sent later, so the next one of its work overtakes
 * it; without, its attempt lasts its delay, which holds the next one behind it in the queue.
 */
import { describe, expect, it } from 'vitest';
import type { AttemptOutcome } from '../../../src/deliveries/attempts/attempt.js';
import type { DeliveryNetwork } from '../../../src/deliveries/attempts/network.js';
import type { DeliveryRequest } from '../../../src/deliveries/messages/messages.js';
import type { ClaimedDelivery } from '../../../src/deliveries/messages/claimed-delivery.js';
import { deliveryDecision } from '../../../src/sandbox/chaos/decisions.js';
import { ChaosLedger } from '../../../src/sandbox/chaos/ledger.js';
import { ChaosNetwork } from '../../../src/sandbox/chaos/network.js';
import { calm, type ChaosProfile } from '../../../src/sandbox/chaos/presets.js';

const seed = 3;
const request: DeliveryRequest = { headers: {}, body: '{}' };

/** A notification of work W1 with this message id. */
const notification = (id: string) =>
  ({ kind: 'notification', message_id: id, subscription_id: 1, ordering_key: 'work:1' }) as ClaimedDelivery;

/** Message ids the profile delays, and ones it sends at once. */
function idsOf(profile: ChaosProfile): { delayed: string; prompt: string } {
  const ids = Array.from({ length: 200 }, (_, index) => `msg_${index}`);
  const delay = (id: string) => deliveryDecision(profile, seed, id).delayMs;
  return { delayed: ids.find((id) => delay(id) > 100)!, prompt: ids.find((id) => delay(id) === 0)! };
}

/** The network over a stub receiver that notes what arrives; `send` as the worker would, one after another. */
function network(profile: ChaosProfile) {
  const arrived: string[] = [];
  const next: DeliveryNetwork = (delivery) => {
    arrived.push(delivery.message_id);
    return Promise.resolve({ outcome: 'delivered', status: 200, latencyMs: 1, responseExcerpt: '' } as AttemptOutcome);
  };
  const chaos = new ChaosNetwork({
    profile,
    seed,
    ledger: new ChaosLedger(),
    organisationOf: () => Promise.resolve('Northern Water'),
    next,
  });
  return { arrived, chaos };
}

describe('the chaos network within one work', () => {
  const profile = { ...calm, delay_rate: 0.5, max_delay_ms: 400 };

  it('keeps the order: the delayed notification’s attempt lasts until it is sent', async () => {
    const { arrived, chaos } = network(profile);
    const { delayed, prompt } = idsOf(profile);
    // The queue sends the next one of the work only once the head's attempt has ended.
    await chaos.send(notification(delayed), request, {} as never);
    await chaos.send(notification(prompt), request, {} as never);
    expect(arrived).toEqual([delayed, prompt]);
  });

  it('with reorder_within_work, answers the delayed one at once and lets the next overtake it', async () => {
    const reordering = { ...profile, reorder_within_work: true };
    const { arrived, chaos } = network(reordering);
    const { delayed, prompt } = idsOf(reordering);
    const outcome = await chaos.send(notification(delayed), request, {} as never);
    expect(outcome.outcome).toBe('delivered');
    await chaos.send(notification(prompt), request, {} as never);
    expect(arrived).toEqual([prompt]);
    await expect.poll(() => arrived, { timeout: 2000 }).toEqual([prompt, delayed]);
    chaos.close();
  });
});
