/**
 * The chaos profiles of the sandbox by name (`serve --sandbox --chaos <preset>`). Their fields and
 * bounds are those of the operator document's `InternalChaosProfile`; a file gives the same fields.
 */
import type { components } from '@street-events/types/operator';

/** A chaos profile with every field given (a file's missing fields take the document's defaults). */
export type ChaosProfile = Required<components['schemas']['InternalChaosProfile']>;

/** No chaos at all: what every field of a profile is when left out. */
export const calm: ChaosProfile = {
  drop_rate: 0,
  duplicate_rate: 0,
  delay_rate: 0,
  max_delay_ms: 0,
  reorder_within_work: false,
  unavailable_rate: 0,
  throttled_rate: 0,
  retry_after_seconds: 1,
  visibility_lag_ms: 0,
};

export const chaosPresets = {
  /** An occasional hiccup. */
  mild: {
    ...calm,
    drop_rate: 0.05,
    duplicate_rate: 0.05,
    delay_rate: 0.2,
    max_delay_ms: 2000,
    unavailable_rate: 0.01,
    throttled_rate: 0.01,
    visibility_lag_ms: 1000,
  },
  /** A bad day: a fifth of the notifications lost, a tenth twice, many late; some polls refused. */
  flaky: {
    ...calm,
    drop_rate: 0.2,
    duplicate_rate: 0.1,
    delay_rate: 0.5,
    max_delay_ms: 5000,
    unavailable_rate: 0.05,
    throttled_rate: 0.02,
    visibility_lag_ms: 2000,
  },
  /** A very bad day: half the notifications lost, out of order even within a work; a quarter of the polls refused. */
  storm: {
    ...calm,
    drop_rate: 0.5,
    duplicate_rate: 0.25,
    delay_rate: 0.75,
    max_delay_ms: 15_000,
    reorder_within_work: true,
    unavailable_rate: 0.15,
    throttled_rate: 0.1,
    retry_after_seconds: 5,
    visibility_lag_ms: 10_000,
  },
} as const satisfies Record<string, ChaosProfile>;

export type ChaosPresetName = keyof typeof chaosPresets;

export const isChaosPreset = (name: string): name is ChaosPresetName => Object.hasOwn(chaosPresets, name);
