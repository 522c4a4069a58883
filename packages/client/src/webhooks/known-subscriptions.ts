/**
 * The subscriptions whose notifications a receiver takes: the service signs every subscription's
 * messages with the same keys, so a genuine message may be another subscription's (another
 * environment's, or a receiver URL someone else subscribed). A receiver takes the subscriptions it
 * confirmed, and those it is told of; it forgets one whose `UnsubscribeConfirmation` arrives. Back
 * it with a table to keep what was confirmed across restarts.
 */
export interface KnownSubscriptions {
  has(reference: string): boolean | Promise<boolean>;
  /** Called once the receiver has confirmed the subscription. */
  add(reference: string): void | Promise<void>;
  /** Called when the subscription's `UnsubscribeConfirmation` arrives. */
  delete(reference: string): void | Promise<void>;
}

/** In memory, starting with `references` (the `subscription_reference_number`s `subscribe` answered). */
export function memoryKnownSubscriptions(references: Iterable<string> = []): KnownSubscriptions {
  const known = new Set(references);
  return {
    has: (reference) => known.has(reference),
    add: (reference) => void known.add(reference),
    delete: (reference) => void known.delete(reference),
  };
}
