/** The chaos profile's decisions: functions of the seed and the message, at the profile's rates. */
import { describe, expect, it } from 'vitest';
import { deliveryDecision, requestFault } from '../../../src/sandbox/chaos/decisions.js';
import { chaosPresets } from '../../../src/sandbox/chaos/presets.js';

const ids = Array.from({ length: 5000 }, (_, index) => `msg_${index.toString(16).padStart(32, '0')}`);
const { flaky } = chaosPresets;

describe('the decisions of a chaos profile', () => {
  it('the same seed and message give the same decision, in any order', () => {
    const forwards = ids.map((id) => deliveryDecision(flaky, 42, id));
    const backwards = [...ids].reverse().map((id) => deliveryDecision(flaky, 42, id));
    expect(backwards.reverse()).toEqual(forwards);
  });

  it('another seed gives other decisions', () => {
    const dropped = (seed: number) => ids.filter((id) => deliveryDecision(flaky, seed, id).dropped);
    expect(dropped(1)).not.toEqual(dropped(2));
  });

  it('drops, duplicates and delays at about the profile’s rates, a delay never beyond its longest', () => {
    const decisions = ids.map((id) => deliveryDecision(flaky, 7, id));
    const share = (pick: (decision: (typeof decisions)[number]) => boolean) =>
      decisions.filter(pick).length / decisions.length;
    expect(share((decision) => decision.dropped)).toBeCloseTo(flaky.drop_rate, 1);
    // Only what is sent can be duplicated or delayed.
    expect(share((decision) => decision.duplicated)).toBeCloseTo(flaky.duplicate_rate * (1 - flaky.drop_rate), 1);
    expect(share((decision) => decision.delayMs > 0)).toBeCloseTo(flaky.delay_rate * (1 - flaky.drop_rate), 1);
    expect(Math.max(...decisions.map((decision) => decision.delayMs))).toBeLessThanOrEqual(flaky.max_delay_ms);
    expect(decisions.some((decision) => decision.dropped && (decision.duplicated || decision.delayMs > 0))).toBe(false);
  });

  it('refuses polls with 503 and 429 at about the profile’s rates, the same for the same seed', () => {
    const faults = (seed: number) => ids.map((_, index) => requestFault(flaky, seed, 'Northern Water', index + 1));
    const first = faults(3);
    expect(faults(3)).toEqual(first);
    expect(first.filter((fault) => fault === 'unavailable').length / first.length).toBeCloseTo(
      flaky.unavailable_rate,
      1,
    );
    expect(first.filter((fault) => fault === 'throttled').length / first.length).toBeCloseTo(flaky.throttled_rate, 1);
  });
});
