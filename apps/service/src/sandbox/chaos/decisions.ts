/**
 * The chaos profile's decisions, each a function of the seed and what it is about (a message id,
 * an organisation's n-th request), never of timing: the same seed and the same messages give the
 * same decisions, in any order and on any run.
 */
import { createHash } from 'node:crypto';
import type { ChaosProfile } from './presets.js';

/** A number in [0, 1) from the seed, the subject and the question asked of it. */
export function draw(seed: number, subject: string, question: string): number {
  const digest = createHash('sha256').update(`${seed}\0${subject}\0${question}`).digest();
  return digest.readUIntBE(0, 6) / 2 ** 48;
}

/** What becomes of one notification on its way to the receiver. */
export interface DeliveryDecision {
  dropped: boolean;
  duplicated: boolean;
  /** Milliseconds it is held back; 0 when it is not delayed. */
  delayMs: number;
}

/** The decision about the notification `messageId` (every attempt of it gets the same). */
export function deliveryDecision(profile: ChaosProfile, seed: number, messageId: string): DeliveryDecision {
  const dropped = draw(seed, messageId, 'drop') < profile.drop_rate;
  const delayed = !dropped && draw(seed, messageId, 'delay') < profile.delay_rate;
  return {
    dropped,
    duplicated: !dropped && draw(seed, messageId, 'duplicate') < profile.duplicate_rate,
    delayMs: delayed ? Math.round(draw(seed, messageId, 'delay by') * profile.max_delay_ms) : 0,
  };
}

/** How a poll or permit search is answered: normally, `503` or `429`. */
export type RequestFault = 'none' | 'unavailable' | 'throttled';

/** The fault of an organisation's `nth` request (counted from 1). */
export function requestFault(profile: ChaosProfile, seed: number, organisation: string, nth: number): RequestFault {
  const value = draw(seed, `${organisation}#${nth}`, 'request');
  if (value < profile.unavailable_rate) return 'unavailable';
  if (value < profile.unavailable_rate + profile.throttled_rate) return 'throttled';
  return 'none';
}
