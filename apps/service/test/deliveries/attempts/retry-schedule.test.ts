/**
 * The retry schedule: the delay before each attempt with its jitter, `Retry-After` pushing an
 * attempt later but never earlier, the dead letter after the last attempt, and the schedule
 * read from configuration.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultRetryPolicy,
  nextAttempt,
  parseSchedule,
  standardSchedule,
  type RetryPolicy,
} from '../../../src/deliveries/attempts/retry-schedule.js';

const now = new Date('2026-11-20T09:00:00Z');
const fixed = (random: number, policy: Partial<RetryPolicy> = {}): RetryPolicy => ({
  ...defaultRetryPolicy,
  random: () => random,
  ...policy,
});
const unitInterval = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const attemptsMade = fc.integer({ min: 0, max: standardSchedule.length - 1 });

describe('nextAttempt', () => {
  it('the standard schedule is at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h', () => {
    expect(standardSchedule).toEqual(parseSchedule('0,5s,5m,30m,2h,5h,10h,14h,20h,24h'));
  });

  it('without jitter (random at the middle) follows the schedule', () => {
    const delays = standardSchedule.map((_, made) => nextAttempt(made, null, now, fixed(0.5)));
    expect(delays.map((next) => (next.action === 'attempt' ? next.delayMs : next.action))).toEqual(standardSchedule);
  });

  it('gives the time of the next attempt', () => {
    expect(nextAttempt(2, null, now, fixed(0.5))).toEqual({
      action: 'attempt',
      delayMs: 300_000,
      at: new Date('2026-11-20T09:05:00Z'),
    });
  });

  it('dead-letters after the last attempt of the schedule', () => {
    expect(nextAttempt(standardSchedule.length, null, now)).toEqual({ action: 'dead-letter' });
  });

  it('dead-letters after the last attempt even when Retry-After asks for another', () => {
    expect(nextAttempt(standardSchedule.length, 60_000, now)).toEqual({ action: 'dead-letter' });
  });

  it('proportional jitter stays within ±20% of the scheduled delay', () => {
    fc.assert(
      fc.property(attemptsMade, unitInterval, (made, random) => {
        const next = nextAttempt(made, null, now, fixed(random));
        const base = standardSchedule[made]!;
        return (
          next.action === 'attempt' && next.delayMs >= Math.floor(base * 0.8) && next.delayMs <= Math.ceil(base * 1.2)
        );
      }),
    );
  });

  it('full jitter stays between 0 and the scheduled delay', () => {
    fc.assert(
      fc.property(attemptsMade, unitInterval, (made, random) => {
        const next = nextAttempt(made, null, now, fixed(random, { jitter: { kind: 'full' } }));
        return next.action === 'attempt' && next.delayMs >= 0 && next.delayMs <= standardSchedule[made]!;
      }),
    );
  });

  it('Retry-After delays the attempt, never hastens it, up to the longest scheduled delay', () => {
    const longest = Math.max(...standardSchedule);
    fc.assert(
      fc.property(attemptsMade, unitInterval, fc.nat({ max: 2 * longest }), (made, random, retryAfterMs) => {
        const policy = fixed(random);
        const scheduled = nextAttempt(made, null, now, policy);
        const next = nextAttempt(made, retryAfterMs, now, policy);
        return (
          scheduled.action === 'attempt' &&
          next.action === 'attempt' &&
          next.delayMs === Math.max(scheduled.delayMs, Math.min(retryAfterMs, longest)) &&
          next.at.getTime() === now.getTime() + next.delayMs
        );
      }),
    );
  });
});

describe('parseSchedule', () => {
  it('reads delays with units', () => {
    expect(parseSchedule('0, 250ms, 5s, 5m, 2h, 1d')).toEqual([0, 250, 5_000, 300_000, 7_200_000, 86_400_000]);
  });

  it.each(['', '5', '5x', '-5s', '1.5h', '5s,,5m', 'soon'])('rejects %j', (text) => {
    expect(() => parseSchedule(text)).toThrow(/is not a delay/);
  });
});
