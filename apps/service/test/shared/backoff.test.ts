import { describe, expect, it, vi } from 'vitest';
import { retryWithBackoff } from '../../src/shared/backoff.js';

/** An operation that fails `failures` times, then answers `done`; it notes the time of every try. */
function failingTimes(failures: number) {
  const tries: number[] = [];
  const operation = () => {
    tries.push(performance.now());
    return tries.length > failures ? Promise.resolve('done') : Promise.reject(new Error(`failure ${tries.length}`));
  };
  const pauses = () => tries.slice(1).map((at, index) => at - tries[index]!);
  return { operation, tries, pauses };
}

describe('retryWithBackoff', () => {
  it('tries again until the operation succeeds, the pauses doubling up to the longest', async () => {
    const { operation, pauses } = failingTimes(4);
    const announced: number[] = [];
    const result = await retryWithBackoff(operation, {
      firstMs: 20,
      maxMs: 50,
      retryIf: (_error, pauseMs) => announced.push(pauseMs) > 0,
    });
    expect(result).toBe('done');
    expect(announced).toEqual([20, 40, 50, 50]);
    pauses().forEach((pause, index) => expect(pause).toBeGreaterThanOrEqual(announced[index]! - 2));
  });

  it('gives up when retryIf says so, rejecting with the last error', async () => {
    const { operation, tries } = failingTimes(10);
    await expect(
      retryWithBackoff(operation, { firstMs: 1, maxMs: 1, retryIf: () => tries.length < 3 }),
    ).rejects.toThrow('failure 3');
    expect(tries).toHaveLength(3);
  });

  it('with pauseFirst, waits before the first try, and the pauses between tries go on from there', async () => {
    const { operation, tries, pauses } = failingTimes(2);
    const announced: number[] = [];
    const started = performance.now();
    await retryWithBackoff(operation, {
      firstMs: 30,
      maxMs: 1000,
      pauseFirst: true,
      retryIf: (_error, pauseMs) => announced.push(pauseMs) > 0,
    });
    expect(tries[0]! - started).toBeGreaterThanOrEqual(28);
    expect(announced).toEqual([60, 120]);
    pauses().forEach((pause, index) => expect(pause).toBeGreaterThanOrEqual(announced[index]! - 2));
  });

  it('an abort ends the waiting at once, with the signal’s reason, and nothing is tried after it', async () => {
    const { operation, tries } = failingTimes(10);
    const stopping = new AbortController();
    const retrying = retryWithBackoff(operation, { firstMs: 60_000, maxMs: 60_000, signal: stopping.signal });
    await vi.waitFor(() => expect(tries).toHaveLength(1));
    const abortedAt = performance.now();
    stopping.abort(new Error('stopped'));
    await expect(retrying).rejects.toThrow('stopped');
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(tries).toHaveLength(1);
  });

  it('a TypeError, a fault in the code, is not tried again', async () => {
    let tries = 0;
    const broken = () => {
      tries += 1;
      return Promise.reject(new TypeError('x is not a function'));
    };
    await expect(retryWithBackoff(broken, { firstMs: 1, maxMs: 1 })).rejects.toThrow(TypeError);
    expect(tries).toBe(1);
  });
});
