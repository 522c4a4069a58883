/**
 * The pauses between attempts, for tests of retries. The tests run the pauses on vitest's faked
 * clock: each is moved on at once, by exactly the length expected, and measured to the millisecond.
 */
import { expect, vi } from 'vitest';
import type { FakeEventsService } from '@street-events/client/testing';

/** The pauses between the requests to `path` that the fake service received, in milliseconds. */
export function pausesBetween(service: FakeEventsService, path: string): number[] {
  return pausesBetweenTimes(service.requestsTo(path).map((request) => request.receivedAt));
}

/** The pauses between successive times, in milliseconds. */
export function pausesBetweenTimes(times: number[]): number[] {
  return times.slice(1).map((time, i) => time - times[i]!);
}

/** Fakes the clock the pauses are timed on: `setTimeout` and `Date` (not `setImmediate`). */
export function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

/** Lets requests and queries run, without moving a faked clock, until `done` holds. */
export async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * On a faked clock: waits for each failed attempt (`failures()` counts them), then moves the clock
 * on by the pause expected after it; the next attempt (`attempts()` counts them) must have
 * started by then.
 */
export async function endPauses(
  expected: number[],
  { failures, attempts }: { failures: () => number; attempts: () => number },
): Promise<void> {
  for (const [i, pause] of expected.entries()) {
    await until(() => failures() === i + 1);
    await vi.advanceTimersByTimeAsync(pause);
    expect(attempts(), `attempts ${pause} ms after failed attempt ${i + 1}`).toBe(i + 2);
  }
}
