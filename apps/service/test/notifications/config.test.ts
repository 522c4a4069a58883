/** Notification settings from the environment. */
import { describe, expect, it } from 'vitest';
import { standardSchedule } from '../../src/delivery/retry-schedule.js';
import { endpointPolicyOf, notificationConfigFromEnv } from '../../src/notifications/config.js';

describe('notification configuration', () => {
  it('defaults: no allow-list, the standard schedule, 15 s attempts, a worker in the service', () => {
    expect(notificationConfigFromEnv({})).toEqual({
      publicBaseUrl: undefined,
      allowList: [],
      retrySchedule: standardSchedule,
      attemptTimeoutMs: 15_000,
      signatureVersion: '1',
      worker: true,
      concurrency: 64,
      pollIntervalMs: 1000,
    });
  });

  it('refuses a pub/sub signature version other than 1 or 2', () => {
    expect(() => notificationConfigFromEnv({ PUBSUB_SIGNATURE_VERSION: '3' })).toThrow(
      /PUBSUB_SIGNATURE_VERSION must be 1 or 2/,
    );
  });

  it('reads every variable', () => {
    expect(
      notificationConfigFromEnv({
        PUBLIC_BASE_URL: 'https://events.example/v7/',
        WEBHOOK_ALLOW: '10.20.0.0/16, hooks.internal',
        WEBHOOK_RETRY_SCHEDULE: '0,1s,1m',
        WEBHOOK_TIMEOUT_MS: '5000',
        PUBSUB_SIGNATURE_VERSION: '2',
        DELIVERY_WORKER: 'off',
        WORKER_CONCURRENCY: '8',
        WORKER_POLL_MS: '250',
      }),
    ).toEqual({
      publicBaseUrl: 'https://events.example/v7',
      allowList: ['10.20.0.0/16', 'hooks.internal'],
      retrySchedule: [0, 1000, 60_000],
      attemptTimeoutMs: 5000,
      signatureVersion: '2',
      worker: false,
      concurrency: 8,
      pollIntervalMs: 250,
    });
  });

  it('the allow-list opens what it names and nothing else', () => {
    const policy = endpointPolicyOf(notificationConfigFromEnv({ WEBHOOK_ALLOW: '10.20.0.0/16' }));
    expect(policy.checkAddress('10.20.1.1')).toEqual({ allowed: true });
    expect(policy.checkAddress('10.21.1.1').allowed).toBe(false);
    expect(policy.checkAddress('127.0.0.1').allowed).toBe(false);
  });

  it.each([
    ['WEBHOOK_ALLOW', 'http://10.0.0.1/'],
    ['WEBHOOK_RETRY_SCHEDULE', '0,5 minutes'],
    ['WEBHOOK_TIMEOUT_MS', '0'],
    ['WORKER_CONCURRENCY', 'many'],
    ['PUBLIC_BASE_URL', 'events.example'],
  ])('a malformed %s stops the start', (name, value) => {
    expect(() => notificationConfigFromEnv({ [name]: value })).toThrow();
  });
});
