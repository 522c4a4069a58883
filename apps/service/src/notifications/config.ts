/** Configuration of push notifications, from environment variables (documented in the README). */
import { integer } from '../config.js';
import { createEndpointPolicy, type EndpointPolicy } from '../delivery/endpoint-policy.js';
import { defaultAttemptTimeoutMs } from '../delivery/attempt.js';
import { signatureVersions, type SignatureVersion } from '../delivery/pubsub-signature.js';
import { defaultRetryPolicy, parseSchedule, type RetryPolicy } from '../delivery/retry-schedule.js';
import type { WorkerOptions } from './worker.js';

export interface NotificationConfig {
  /** `PUBLIC_BASE_URL`: the interface's base URL as receivers reach it; default the served one. */
  publicBaseUrl: string | undefined;
  /** `WEBHOOK_ALLOW`: CIDRs, addresses and host names endpoints may reach although not public. */
  allowList: string[];
  /** `WEBHOOK_RETRY_SCHEDULE`: delays before each attempt, e.g. `0,5s,5m,30m,2h,5h,10h,14h,20h,24h`. */
  retrySchedule: readonly number[];
  /** `WEBHOOK_TIMEOUT_MS`: limit of one attempt. */
  attemptTimeoutMs: number;
  /** `PUBSUB_SIGNATURE_VERSION`: `SignatureVersion` of the pub/sub signature, "1" (SHA1withRSA, default) or "2" (SHA256withRSA). */
  signatureVersion: SignatureVersion;
  /** `DELIVERY_WORKER=off` serves without delivering (run `street-events worker` elsewhere). */
  worker: boolean;
  /** `WORKER_CONCURRENCY`: attempts in flight per worker. */
  concurrency: number;
  /** `WORKER_POLL_MS`: fallback poll interval of the worker. */
  pollIntervalMs: number;
}

/** Loopback, which `serve --sandbox` allows so that a receiver on the same machine works. */
export const loopbackAllowList = ['127.0.0.0/8', '::1/128', 'localhost'];

export function notificationConfigFromEnv(env: NodeJS.ProcessEnv = process.env): NotificationConfig {
  const allowList = (env.WEBHOOK_ALLOW ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  createEndpointPolicy(allowList); // fails early on a malformed entry
  const publicBaseUrl = env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined;
  if (publicBaseUrl !== undefined && !URL.canParse(publicBaseUrl)) {
    throw new Error(`PUBLIC_BASE_URL must be an absolute URL, not "${env.PUBLIC_BASE_URL}"`);
  }
  const signatureVersion = env.PUBSUB_SIGNATURE_VERSION || '1';
  if (!(signatureVersions as readonly string[]).includes(signatureVersion)) {
    throw new Error(`PUBSUB_SIGNATURE_VERSION must be 1 or 2, not "${signatureVersion}"`);
  }
  return {
    publicBaseUrl,
    signatureVersion: signatureVersion as SignatureVersion,
    allowList,
    retrySchedule: env.WEBHOOK_RETRY_SCHEDULE ? parseSchedule(env.WEBHOOK_RETRY_SCHEDULE) : defaultRetryPolicy.schedule,
    attemptTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', defaultAttemptTimeoutMs, 1),
    worker: env.DELIVERY_WORKER !== 'off',
    concurrency: integer(env, 'WORKER_CONCURRENCY', 64, 1),
    pollIntervalMs: integer(env, 'WORKER_POLL_MS', 1000, 10),
  };
}

export const endpointPolicyOf = (config: NotificationConfig): EndpointPolicy => createEndpointPolicy(config.allowList);

export const retryPolicyOf = (config: NotificationConfig): RetryPolicy => ({
  ...defaultRetryPolicy,
  schedule: config.retrySchedule,
});

/** The settings of a delivery worker (`serve`'s or `street-events worker`) from the configuration. */
export const workerSettingsOf = (config: NotificationConfig): Omit<WorkerOptions, 'db' | 'listen' | 'log'> => ({
  policy: endpointPolicyOf(config),
  retryPolicy: retryPolicyOf(config),
  attemptTimeoutMs: config.attemptTimeoutMs,
  signatureVersion: config.signatureVersion,
  concurrency: config.concurrency,
  pollIntervalMs: config.pollIntervalMs,
});
