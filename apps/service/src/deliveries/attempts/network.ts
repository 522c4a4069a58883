/**
 * How the worker's attempts reach a receiver: directly, or through another network that the
 * worker is given (the sandbox's chaos profile, sandbox/chaos). The network decides nothing about
 * the queue: it is handed one claimed delivery at a time, and answers the attempt's outcome.
 */
import type { ClaimedDelivery } from '../messages/claimed-delivery.js';
import type { DeliveryRequest } from '../messages/messages.js';
import { attemptDelivery, type AttemptOptions, type AttemptOutcome } from './attempt.js';

/** Sends one attempt of `delivery`; never rejects (every failure is an outcome). */
export type DeliveryNetwork = (
  delivery: ClaimedDelivery,
  request: DeliveryRequest,
  options: AttemptOptions,
) => Promise<AttemptOutcome>;

/** The attempt, straight to the delivery's endpoint. */
export const directNetwork: DeliveryNetwork = (delivery, request, options) =>
  attemptDelivery(delivery.api_endpoint, request, options);
