/**
 * Bounds on how many calls run at once.
 *
 * - `concurrencyLimit`: at most `limit` calls at once; the others wait their turn, first come
 *   first served, each until its deadline at most (then it is not run). Permit search answers
 *   are large (500 summaries are close to 1 MB of JSON), so the service runs a few at a time
 *   rather than building twenty of them in memory together. With a `WaitingBound`, at most that
 *   many wait: a call beyond them is refused at once (password hashing, whose queue must not grow
 *   without bound under a flood of logins).
 * - `perKeyLimit`: at most `limit` slots held at once by each key (an organisation); past it a
 *   slot is refused at once, with no queue, so one tenant cannot fill a shared pool or queue.
 *
 * Written here rather than taken from `p-limit`: p-limit queues every call beyond its limit and
 * has no way to refuse one, to bound its queue, or to take one waiting call out at its deadline
 * (`clearQueue` drops them all), and it runs a function rather than lending a slot. A key's slot
 * is held across a request's stages (a poll takes it only once it needs the database), and past
 * the limit the answer is `429` at once; p-limit would serve only as a counter of running calls,
 * one limiter per key, with the refusal, the deadlines and the waiting bound still written here.
 */

/** How long a call may wait for its turn: until `at` (epoch ms); then `expired()` is thrown instead. */
export interface WaitDeadline {
  at: number;
  expired: () => Error;
}

/** At most `maxWaiting` calls wait; one more is refused at once with `refuse()`. */
export interface WaitingBound {
  maxWaiting: number;
  refuse: () => Error;
}

export type Limited = <T>(call: () => Promise<T>, deadline?: WaitDeadline) => Promise<T>;

function assertLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`a concurrency limit is a whole number of at least 1, not ${limit}`);
}

export function concurrencyLimit(limit: number, bound?: WaitingBound): Limited {
  assertLimit(limit);
  let active = 0;
  const waiting: (() => void)[] = [];
  /** Waits for a slot passed on by a call that ends; rejects (and leaves the queue) at the deadline. */
  const turn = (deadline: WaitDeadline | undefined) =>
    new Promise<void>((resolve, reject) => {
      const timer =
        deadline &&
        setTimeout(
          () => {
            waiting.splice(waiting.indexOf(take), 1);
            reject(deadline.expired());
          },
          Math.max(0, deadline.at - Date.now()),
        );
      const take = () => {
        clearTimeout(timer);
        resolve();
      };
      waiting.push(take);
    });
  return async (call, deadline) => {
    if (active < limit) active += 1;
    else if (bound !== undefined && waiting.length >= bound.maxWaiting) throw bound.refuse();
    else await turn(deadline);
    try {
      return await call();
    } finally {
      // The slot passes straight to the next caller waiting, if any.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/** Slots held per key; `take` answers the function that gives the slot back, or undefined when the key holds `limit` already. */
export interface PerKeyLimit {
  take(key: string | number): (() => void) | undefined;
  /** How many slots a key holds now. */
  held(key: string | number): number;
}

export function perKeyLimit(limit: number): PerKeyLimit {
  assertLimit(limit);
  const holding = new Map<string | number, number>();
  const held = (key: string | number) => holding.get(key) ?? 0;
  return {
    held,
    take(key) {
      if (held(key) >= limit) return undefined;
      holding.set(key, held(key) + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = held(key) - 1;
        if (left === 0) holding.delete(key);
        else holding.set(key, left);
      };
    },
  };
}
