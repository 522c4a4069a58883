/** Configuration of push notifications (read from the environment by `configFromEnv`, src/config.ts). */
import { createEndpointPolicy, type EndpointPolicy } from '../../deliveries/attempts/endpoint-policy.js';
import type { SignatureVersion } from '../../deliveries/messages/pubsub-signature.js';
import { defaultRetryPolicy, type RetryPolicy } from '../../deliveries/attempts/retry-schedule.js';
import type { WorkerOptions } from '../../deliveries/worker.js';
import type { ReplayBounds } from '../../deliveries/queue/replay-bounds.js';

export interface NotificationConfig {
  /** `PUBLIC_BASE_URL`: the interface's base URL as receivers reach it; default the served one. */
  publicBaseUrl: string | undefined;
  /** `WEBHOOK_ALLOW`: CIDRs, addresses and host names endpoints may reach although not public. */
  allowList: string[];
  /** `WEBHOOK_RETRY_SCHEDULE`: delays before each attempt, e.g. `0,5s,5m,30m,2h,5h,10h,14h,20h,24h`. */
  retrySchedule: readonly number[];
  /** `WEBHOOK_TIMEOUT_MS`: limit of one attempt. */
  attemptTimeoutMs: number;
  /** `WEBHOOK_CONNECT_TIMEOUT_MS`: limit for connecting. */
  connectTimeoutMs: number;
  /** `WEBHOOK_RESPONSE_TIMEOUT_MS`: limit until the response's head. */
  responseTimeoutMs: number;
  /** `WEBHOOK_SUBSCRIPTION_CONCURRENCY`: attempts in flight per subscription and worker. */
  subscriptionConcurrency: number;
  /** `WEBHOOK_ORIGIN_CONCURRENCY`: attempts in flight per endpoint origin and worker. */
  originConcurrency: number;
  /** `WEBHOOK_DISABLE_AFTER_DAYS`, in milliseconds: how long an endpoint may fail before its subscription is disabled. */
  disableAfterMs: number;
  /** `DEAD_LETTER_DAYS`, in milliseconds: how long dead letters are kept. */
  deadLetterRetentionMs: number;
  /** `PUBSUB_SIGNATURE_VERSION`: `SignatureVersion` of the pub/sub signature, "1" (SHA1withRSA, default) or "2" (SHA256withRSA). */
  signatureVersion: SignatureVersion;
  /** `DELIVERY_WORKER=off` serves without delivering (run `street-events worker` elsewhere). */
  worker: boolean;
  /** `WORKER_CONCURRENCY`: attempts in flight per worker. */
  concurrency: number;
  /** `WORKER_POLL_MS`: fallback poll interval of the worker. */
  pollIntervalMs: number;
  /** `DELIVERY_LOG_DAYS`, in milliseconds: how long the message log keeps an attempt. */
  logRetentionMs: number;
  /** `SUBSCRIPTION_CHANGES_MAX` per `SUBSCRIPTION_CHANGES_WINDOW_MS`: subscribes and unsubscribes per organisation. */
  subscriptionChanges: { max: number; windowMs: number };
  /** `REPLAYS_PER_MESSAGE` and `REPLAYS_PER_ORGANISATION`: replays an hour. */
  replayBounds: ReplayBounds;
}

/**
 * Subscribes and unsubscribes one organisation may make per window, by default: each records
 * events for every organisation its subscription covers (a contractor's promoters too), so
 * churn would otherwise notify other tenants and grow the history without bound.
 */
export const defaultSubscriptionChanges = { max: 10, windowMs: 60 * 60 * 1000 };

/** Loopback, which `serve --sandbox` allows so that a receiver on the same machine works. */
export const loopbackAllowList = ['127.0.0.0/8', '::1/128', 'localhost'];

export const endpointPolicyOf = (config: NotificationConfig): EndpointPolicy => createEndpointPolicy(config.allowList);

export const retryPolicyOf = (config: NotificationConfig): RetryPolicy => ({
  ...defaultRetryPolicy,
  schedule: config.retrySchedule,
});

/** The settings of a delivery worker (`serve`'s or `street-events worker`) from the configuration. */
export const workerSettingsOf = (
  config: NotificationConfig,
): Omit<WorkerOptions, 'db' | 'subscriptions' | 'listen' | 'log'> => ({
  policy: endpointPolicyOf(config),
  retryPolicy: retryPolicyOf(config),
  attemptTimeoutMs: config.attemptTimeoutMs,
  connectTimeoutMs: config.connectTimeoutMs,
  responseTimeoutMs: config.responseTimeoutMs,
  subscriptionConcurrency: config.subscriptionConcurrency,
  originConcurrency: config.originConcurrency,
  disableAfterMs: config.disableAfterMs,
  deadLetterRetentionMs: config.deadLetterRetentionMs,
  signatureVersion: config.signatureVersion,
  concurrency: config.concurrency,
  pollIntervalMs: config.pollIntervalMs,
  logRetentionMs: config.logRetentionMs,
});
