/**
 * Confirming a subscription: it is created unconfirmed, with a `SubscriptionConfirmation` message
 * queued in the same transaction (subscribe.ts), and confirmed only by a GET of the message's
 * `SubscribeURL` within 48 hours of its creation; one left unconfirmed longer is removed by the
 * delivery worker (upkeep.ts).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { tokenHash } from '../../shared/token-hash.js';
import type { Database } from '../../db/database.js';
import { subscriptions } from '../../db/schema.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { NotFoundError } from '../../shared/errors.js';

export const confirmationWindowMs = 48 * 60 * 60 * 1000;

/**
 * Confirms the subscription whose token this is, within 48 hours of its creation: an unconfirmed
 * one, or one the sandbox confirmed on the receiver's behalf (operator.ts), which keeps its token
 * for the receiver's GET of its SubscribeURL: that first use is answered as if it confirmed it,
 * and the subscription stays confirmed since it was. No other subscription is confirmed by a token,
 * whatever it holds. The token works once. Returns the subscription reference; an unknown, used or
 * expired token is 404.
 */
export async function confirmSubscription(db: Database, token: string, now: Clock = systemClock): Promise<string> {
  const at = now();
  const [confirmed] = await db
    .update(subscriptions)
    .set({
      status: 'confirmed',
      confirmedAt: sql`coalesce(${subscriptions.confirmedAt}, ${at})`,
      confirmationTokenHash: null,
      confirmedOnBehalf: false,
    })
    .where(
      and(
        eq(subscriptions.confirmationTokenHash, tokenHash(token)),
        or(eq(subscriptions.status, 'unconfirmed'), eq(subscriptions.confirmedOnBehalf, true)),
        sql`${subscriptions.createdAt} > ${new Date(at.getTime() - confirmationWindowMs)}`,
      ),
    )
    .returning({ reference: subscriptions.reference });
  if (!confirmed) throw new NotFoundError('the confirmation token is unknown, used already or expired', 'token');
  return confirmed.reference;
}
