/**
 * Runs at most `limit` calls at once; the others wait their turn, first come first served.
 * Permit search answers are large (500 summaries are close to 1 MB of JSON), so the service runs
 * a few at a time rather than building twenty of them in memory together. With `maxWaiting`, at
 * most that many wait: a call beyond them is refused at once with `refuse()` (password hashing,
 * whose queue must not grow without bound under a flood of logins).
 */
export interface WaitingBound {
  maxWaiting: number;
  refuse: () => Error;
}

export function concurrencyLimit(limit: number, bound?: WaitingBound): <T>(call: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`a concurrency limit is a whole number of at least 1, not ${limit}`);
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (call) => {
    if (active < limit) active += 1;
    else if (bound !== undefined && waiting.length >= bound.maxWaiting) throw bound.refuse();
    else await new Promise<void>((resolve) => waiting.push(resolve));
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
