/**
 * When to try a message again. The schedule lists the delay before each attempt, the first
 * included (normally 0: at once); after the last attempt the message is dead-lettered. Each
 * delay is jittered so that endpoints that fail together do not retry together, and a
 * receiver's `Retry-After` pushes the next attempt later, never earlier, up to the longest
 * delay of the schedule.
 */
import { durationUnitsMs } from '../../shared/clock.js';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** Standard Webhooks' schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (about 3 days in all). */
export const standardSchedule: readonly number[] = [
  0,
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  14 * hour,
  20 * hour,
  24 * hour,
];

/** `full`: anywhere in [0, delay). `proportional`: within ± `fraction` of the delay. */
export type Jitter = { kind: 'full' } | { kind: 'proportional'; fraction: number };

export interface RetryPolicy {
  /** Delays in milliseconds before attempt 1, 2, … */
  schedule: readonly number[];
  jitter: Jitter;
  /** Uniform in [0, 1); injected in tests. */
  random: () => number;
}

export const defaultRetryPolicy: RetryPolicy = {
  schedule: standardSchedule,
  jitter: { kind: 'proportional', fraction: 0.2 },
  random: Math.random,
};

export type NextAttempt = { action: 'attempt'; delayMs: number; at: Date } | { action: 'dead-letter' };

/**
 * What follows `attemptsMade` attempts (0 for a new message): the next attempt's time, or the
 * dead letter once the schedule is used up. `retryAfterMs` is the last response's `Retry-After`.
 */
export function nextAttempt(
  attemptsMade: number,
  retryAfterMs: number | null,
  now: Date,
  policy: RetryPolicy = defaultRetryPolicy,
): NextAttempt {
  const base = policy.schedule[attemptsMade];
  if (base === undefined) return { action: 'dead-letter' };
  const { jitter, random } = policy;
  const jittered = jitter.kind === 'full' ? base * random() : base * (1 + jitter.fraction * (2 * random() - 1));
  const delayMs = Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, Math.max(...policy.schedule))));
  return { action: 'attempt', delayMs, at: new Date(now.getTime() + delayMs) };
}

/** A schedule's delays are written in units up to days. */
const { ms, s, m, h, d } = durationUnitsMs;
const units: Readonly<Record<string, number>> = { ms, s, m, h, d };

/** A schedule from configuration: comma-separated delays such as `0,5s,5m,30m,2h` (units ms, s, m, h, d; a bare 0). */
export function parseSchedule(text: string): number[] {
  return text.split(',').map((entry) => {
    const match = /^\s*([0-9]+)(ms|s|m|h|d)?\s*$/.exec(entry);
    const [, amount, unit] = match ?? [];
    if (amount === undefined || (unit === undefined && Number(amount) !== 0)) {
      throw new Error(
        `retry schedule entry ${JSON.stringify(entry.trim())} is not a delay such as 0, 500ms, 5s, 5m, 2h or 1d`,
      );
    }
    return Number(amount) * (unit === undefined ? 0 : units[unit]!);
  });
}

/** A schedule as `parseSchedule` reads it, each delay in the largest unit that divides it. */
export function formatSchedule(schedule: readonly number[]): string {
  const largestFirst = Object.entries(units).sort(([, a], [, b]) => b - a);
  return schedule
    .map((ms) => {
      if (ms === 0) return '0';
      const [unit, size] = largestFirst.find(([, size]) => ms % size === 0)!;
      return `${ms / size}${unit}`;
    })
    .join(',');
}
