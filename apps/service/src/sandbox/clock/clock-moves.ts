/**
 * Moving the sandbox's clock, and what follows at once: the subscriptions left unconfirmed past
 * their window are removed, the deadlines passed are applied, and the delivery workers wake to
 * send what fell due (retries included). The delivery worker would do the same at its next turn;
 * doing it here lets the answer say what happened.
 */
import type { Database } from '../../db/database.js';
import { wakeWorkers } from '../../deliveries/queue/outbox.js';
import { expireUnconfirmed, unconfirmedTooLongAt } from '../../features/notifications/upkeep.js';
import { applyDeadlines } from './deadlines.js';
import type { ClockReading, SandboxClock } from './sandbox-clock.js';

export interface ClockMoved {
  clock: ClockReading;
  /** The ids of the events the deadlines passed recorded, in order. */
  events: number[];
  /** The subscriptions removed because they were not confirmed in time. */
  subscriptionsRemoved: string[];
}

/** Moves the clock `ms` forward; past the furthest it may run ahead, throws before anything has changed. */
export async function advanceClock(db: Database, clock: SandboxClock, ms: number): Promise<ClockMoved> {
  clock.refuseBeyondMaximum(ms);
  // Named before the move: a delivery worker on the same clock may remove them first.
  const subscriptionsRemoved = await unconfirmedTooLongAt(db, new Date(clock.now().getTime() + ms));
  await clock.advance(db, ms);
  // Before the deadlines: a subscription left unconfirmed expired 48 hours after it was made, before
  // any later deadline, so none of their events is queued for it.
  await expireUnconfirmed(db, clock.now());
  const events = await applyDeadlines(db, clock.now);
  await wakeWorkers(db);
  return { clock: clock.read(), events, subscriptionsRemoved };
}

export async function resetClock(db: Database, clock: SandboxClock): Promise<ClockReading> {
  await clock.reset(db);
  await wakeWorkers(db);
  return clock.read();
}
