/** The pauses a client of the fake service made between its requests, for tests of retries. */
import { expect } from 'vitest';
import type { FakeEventsService } from '@street-events/client/testing';

/** The pauses between the requests to `path`, in milliseconds. */
export function pausesBetween(service: FakeEventsService, path: string): number[] {
  const times = service.requestsTo(path).map((request) => request.receivedAt);
  return times.slice(1).map((time, i) => time - times[i]!);
}

/** Expects each pause to be the expected one, give or take the time a loaded machine adds. */
export function expectPauses(pauses: number[], expected: number[]): void {
  expect(pauses).toHaveLength(expected.length);
  pauses.forEach((pause, i) => {
    expect(pause).toBeGreaterThanOrEqual(expected[i]! - 5);
    expect(pause).toBeLessThan(expected[i]! + 900);
  });
}
