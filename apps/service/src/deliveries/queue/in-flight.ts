/**
 * The attempts a worker has in flight: counted by subscription and by endpoint origin (what the
 * fair claim leaves room for, claim.ts), each with an abort controller, so that the attempts of a
 * subscription removed or pointed elsewhere are ended at once.
 */
import type { Busy } from './claim.js';

/** An attempt in flight: whose it is and where it goes. */
export interface InFlightAttempt {
  subscriptionId: number;
  origin: string;
}

const increment = <K>(counts: Map<K, number>, key: K, by: number) => {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
};

export class InFlight implements Busy {
  readonly subscriptions = new Map<number, number>();
  readonly origins = new Map<string, number>();
  private readonly controllers = new Map<number, Set<AbortController>>();

  /** Counts an attempt in; answers its abort signal and the function that counts it out. */
  start(attempt: InFlightAttempt): { signal: AbortSignal; end: () => void } {
    const controller = new AbortController();
    const ofSubscription = this.controllers.get(attempt.subscriptionId) ?? new Set();
    this.controllers.set(attempt.subscriptionId, ofSubscription.add(controller));
    increment(this.subscriptions, attempt.subscriptionId, 1);
    increment(this.origins, attempt.origin, 1);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      ofSubscription.delete(controller);
      if (ofSubscription.size === 0) this.controllers.delete(attempt.subscriptionId);
      increment(this.subscriptions, attempt.subscriptionId, -1);
      increment(this.origins, attempt.origin, -1);
    };
    return { signal: controller.signal, end };
  }

  /** Aborts the subscription's attempts in flight; answers how many. */
  abort(subscriptionId: number, reason: string): number {
    const controllers = [...(this.controllers.get(subscriptionId) ?? [])];
    for (const controller of controllers) controller.abort(reason);
    return controllers.length;
  }
}
