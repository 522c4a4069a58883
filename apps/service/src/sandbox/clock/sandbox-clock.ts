/**
 * The sandbox's clock: the wall clock moved forward by an offset that an Operator sets
 * (`clock advance 49h`), kept in the database so that it survives a restart. Everything in the
 * sandbox's process that reads the time reads it here (`now`): the events' times, the cursor
 * rule of polling, subscriptions' confirmation window, the delivery worker's due times and
 * retries, the permits' assessment deadlines and the quarters' ends.
 */
import { propertyConstraints } from '@street-events/types/operator';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { deliveries, sandboxClock, subscriptions } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { ValidationError } from '../../shared/errors.js';

/** What `clock show` prints: the sandbox's time, the wall clock's, and how far apart they are. */
export interface ClockReading {
  now: Date;
  wallClock: Date;
  offsetMs: number;
}

const row = eq(sandboxClock.id, 1);

/** The furthest the clock runs ahead of the wall clock: the document's maximum of `offset_seconds`. */
const maxOffsetSeconds = propertyConstraints.InternalSandboxClock.offset_seconds.maximum;

export class SandboxClock {
  private offsetMs = 0;

  /** The sandbox's time now. */
  readonly now: Clock = () => new Date(Date.now() + this.offsetMs);

  private constructor() {}

  /** The clock as the database keeps it; at its first start, the wall clock, with deadlines applied from now on. */
  static async open(db: Database): Promise<SandboxClock> {
    await db
      .insert(sandboxClock)
      .values({ id: 1, offsetMs: 0, deadlinesAppliedUntil: new Date() })
      .onConflictDoNothing();
    const [kept] = await db.select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(row);
    const clock = new SandboxClock();
    clock.offsetMs = kept!.offsetMs;
    return clock;
  }

  read(): ClockReading {
    const wallClock = new Date();
    return { now: new Date(wallClock.getTime() + this.offsetMs), wallClock, offsetMs: this.offsetMs };
  }

  /**
   * Throws, naming `by`, when moving the clock `ms` forward would take it further ahead of the wall
   * clock than it may run (the document's maximum of `offset_seconds`); nothing has changed then.
   */
  refuseBeyondMaximum(ms: number): void {
    const offsetSeconds = (this.offsetMs + ms) / 1000;
    if (offsetSeconds <= maxOffsetSeconds) return;
    throw new ValidationError(
      `the sandbox's clock runs at most ${maxOffsetSeconds} seconds (${maxOffsetSeconds / 86_400} days) ahead of the wall clock; ` +
        `it runs ${this.offsetMs / 1000} seconds ahead, so by may be at most ${maxOffsetSeconds - this.offsetMs / 1000} seconds (reset puts it back)`,
      'by',
      { rule: 'maximum' },
    );
  }

  /** Moves the clock `ms` forward; throws, changing nothing, past the furthest it may run ahead. */
  async advance(db: Database, ms: number): Promise<void> {
    this.refuseBeyondMaximum(ms);
    const offsetMs = this.offsetMs + ms;
    await db.update(sandboxClock).set({ offsetMs }).where(row);
    this.offsetMs = offsetMs;
  }

  /**
   * Back to the wall clock. What was recorded meanwhile keeps its times; what waits on the
   * sandbox's time (a retry, an unconfirmed subscription's window) is brought back by as much.
   */
  async reset(db: Database): Promise<void> {
    const wallClock = new Date();
    const back = sql`${this.offsetMs} * interval '1 millisecond'`;
    await db.transaction(async (tx) => {
      await tx
        .update(deliveries)
        .set({ nextAttemptAt: sql`${deliveries.nextAttemptAt} - ${back}` })
        .where(
          and(
            eq(deliveries.status, 'pending'),
            ne(deliveries.nextAttemptAt, sql`'infinity'`),
            gt(deliveries.nextAttemptAt, wallClock),
          ),
        );
      await tx
        .update(subscriptions)
        .set({ createdAt: sql`${subscriptions.createdAt} - ${back}` })
        .where(and(eq(subscriptions.status, 'unconfirmed'), gt(subscriptions.createdAt, wallClock)));
      // Deadlines passed while the clock was ahead stay applied; those after the wall clock come again.
      await tx.update(sandboxClock).set({ offsetMs: 0, deadlinesAppliedUntil: wallClock }).where(row);
    });
    this.offsetMs = 0;
  }
}
