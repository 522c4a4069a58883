/** The configuration: every variable from one schema, validated once, each refusal naming the variable. */
import { readFileSync } from 'node:fs';
import { operationLimits } from '@street-events/types/operator';
import { describe, expect, it } from 'vitest';
import { defaultLoginLimits } from '../src/directory/login.js';
import { configFromEnv, environmentSchema } from '../src/config.js';
import { standardSchedule } from '../src/deliveries/attempts/retry-schedule.js';
import { endpointPolicyOf } from '../src/features/notifications/config.js';
import { environmentRows, readmePath } from '../scripts/environment-table.js';

describe('configuration', () => {
  it('defaults notifications to no allow-list, the standard schedule, 15 s attempts (5 s to connect, 10 s to the response), 8 in flight per subscription and 32 per origin, disabling after 5 days of failure, a worker in the service, a log of 7 days, dead letters of 30, 10 subscription changes an hour per organisation and the document’s replay bounds', () => {
    expect(configFromEnv({}).notifications).toEqual({
      publicBaseUrl: undefined,
      allowList: [],
      retrySchedule: standardSchedule,
      attemptTimeoutMs: 15_000,
      connectTimeoutMs: 5_000,
      responseTimeoutMs: 10_000,
      subscriptionConcurrency: 8,
      originConcurrency: 32,
      disableAfterMs: 5 * 86_400_000,
      deadLetterRetentionMs: 30 * 86_400_000,
      signatureVersion: '1',
      worker: true,
      concurrency: 64,
      pollIntervalMs: 1000,
      logRetentionMs: 7 * 86_400_000,
      subscriptionChanges: { max: 10, windowMs: 3_600_000 },
      replayBounds: {
        perMessage: operationLimits.replayMessage.replays_per_message_per_hour,
        perOrganisation: operationLimits.replayMessage.replays_per_organisation_per_hour,
      },
    });
  });

  it('reads every notification variable', () => {
    expect(
      configFromEnv({
        PUBLIC_BASE_URL: 'https://events.example/v7/',
        WEBHOOK_ALLOW: '10.20.0.0/16, hooks.internal',
        WEBHOOK_RETRY_SCHEDULE: '0,1s,1m',
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
        WEBHOOK_RESPONSE_TIMEOUT_MS: '3000',
        WEBHOOK_SUBSCRIPTION_CONCURRENCY: '2',
        WEBHOOK_ORIGIN_CONCURRENCY: '4',
        WEBHOOK_DISABLE_AFTER_DAYS: '3',
        DEAD_LETTER_DAYS: '10',
        PUBSUB_SIGNATURE_VERSION: '2',
        DELIVERY_WORKER: 'off',
        WORKER_CONCURRENCY: '8',
        WORKER_POLL_MS: '250',
        DELIVERY_LOG_DAYS: '2',
        SUBSCRIPTION_CHANGES_MAX: '3',
        SUBSCRIPTION_CHANGES_WINDOW_MS: '60000',
        REPLAYS_PER_MESSAGE: '2',
        REPLAYS_PER_ORGANISATION: '0',
      }).notifications,
    ).toEqual({
      publicBaseUrl: 'https://events.example/v7',
      allowList: ['10.20.0.0/16', 'hooks.internal'],
      retrySchedule: [0, 1000, 60_000],
      attemptTimeoutMs: 5000,
      connectTimeoutMs: 1000,
      responseTimeoutMs: 3000,
      subscriptionConcurrency: 2,
      originConcurrency: 4,
      disableAfterMs: 3 * 86_400_000,
      deadLetterRetentionMs: 10 * 86_400_000,
      signatureVersion: '2',
      worker: false,
      concurrency: 8,
      pollIntervalMs: 250,
      logRetentionMs: 2 * 86_400_000,
      subscriptionChanges: { max: 3, windowMs: 60_000 },
      replayBounds: { perMessage: 2, perOrganisation: 0 },
    });
  });

  it('leaves the rate limit unset unless told, for serve to take the default (none under --sandbox)', () => {
    expect(configFromEnv({}).rateLimit).toEqual({ max: undefined, windowMs: 60_000 });
    expect(configFromEnv({ RATE_LIMIT_MAX: '0' }).rateLimit).toEqual({ max: 0, windowMs: 60_000 });
  });

  it('selects PostgreSQL with its standbys when DATABASE_URL is set', () => {
    expect(
      configFromEnv({
        DATABASE_URL: 'postgres://db/events',
        DATABASE_READ_URL: 'postgres://a/events, postgres://b/events',
      }).database,
    ).toEqual({
      kind: 'postgres',
      url: 'postgres://db/events',
      readUrls: ['postgres://a/events', 'postgres://b/events'],
    });
  });

  it('limits login by default, and reads each login limit', () => {
    expect(configFromEnv({}).login?.limits).toEqual(defaultLoginLimits);
    expect(
      configFromEnv({
        LOGIN_RATE_LIMIT_ADDRESS_MAX: '100',
        LOGIN_RATE_LIMIT_ACCOUNT_MAX: '20',
        LOGIN_RATE_LIMIT_WINDOW_MS: '30000',
        LOGIN_HASH_CONCURRENCY: '4',
        LOGIN_HASH_QUEUE: '0',
      }).login?.limits,
    ).toEqual({ addressMax: 100, accountMax: 20, windowMs: 30_000, hashConcurrency: 4, hashQueue: 0 });
  });

  it('trusts no proxy by default, and the ones TRUST_PROXY lists', () => {
    expect(configFromEnv({}).trustProxy).toEqual([]);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('takes an empty variable as unset', () => {
    expect(configFromEnv({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ port: 8080, logLevel: 'info' });
  });

  it('lets the allow-list open what it names and nothing else', () => {
    const policy = endpointPolicyOf(configFromEnv({ WEBHOOK_ALLOW: '10.20.0.0/16' }).notifications);
    expect(policy.checkAddress('10.20.1.1')).toEqual({ allowed: true });
    expect(policy.checkAddress('10.21.1.1').allowed).toBe(false);
    expect(policy.checkAddress('127.0.0.1').allowed).toBe(false);
  });

  it.each([
    ['PORT', 'eighty', 'PORT must be a whole number from 0 to 65535, not "eighty"'],
    ['PORT', '70000', 'PORT must be a whole number from 0 to 65535, not "70000"'],
    ['SEARCH_CONCURRENCY', '0', 'SEARCH_CONCURRENCY must be a whole number of at least 1, not "0"'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"'],
    ['METRICS_PUBLIC', 'yes', 'METRICS_PUBLIC must be one of on, off, not "yes"'],
    ['PUBSUB_SIGNATURE_VERSION', '3', 'PUBSUB_SIGNATURE_VERSION must be one of 1, 2, not "3"'],
    ['HTTPS_PORT', 'on', 'HTTPS_PORT must be off, or a port number from 0 to 65535, not "on"'],
    ['WEBHOOK_RETRY_SCHEDULE', '0,5 minutes', 'WEBHOOK_RETRY_SCHEDULE must be delays separated by commas'],
    ['WORKER_CONCURRENCY', 'many', 'WORKER_CONCURRENCY must be a whole number of at least 1, not "many"'],
    ['PUBLIC_BASE_URL', 'events.example', 'PUBLIC_BASE_URL must be an absolute http:// or https:// URL'],
    ['DATABASE_URL', 'mysql://db', 'DATABASE_URL must be a postgres:// or postgresql:// URL, not "mysql://db"'],
    ['WEBHOOK_ALLOW', 'http://10.0.0.1/', 'WEBHOOK_ALLOW'],
  ])('refuses %s=%j with a message naming it and what it accepts', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(message);
  });

  it('refuses a TLS certificate without its key', () => {
    expect(() => configFromEnv({ TLS_CERT_FILE: '/etc/ssl/cert.pem' })).toThrow(
      'TLS_CERT_FILE and TLS_KEY_FILE go together',
    );
  });

  it('accepts the documented default of every variable that has one', () => {
    const defaults = Object.entries(environmentSchema.properties).flatMap(([name, schema]): [string, string][] =>
      'default' in schema ? [[name, String(schema.default)]] : [],
    );
    expect(() => configFromEnv(Object.fromEntries(defaults))).not.toThrow();
  });

  it("the README's table lists every variable as the schema does", () => {
    const readme = readFileSync(readmePath, 'utf8');
    const rows = readme
      .slice(readme.indexOf('<!-- environment:start'), readme.indexOf('<!-- environment:end'))
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) =>
        line
          .slice(2, -2)
          .split(/(?<!\\) \| /)
          .map((cell) => cell.trim().replaceAll('\\|', '|')),
      );
    expect(rows).toEqual(environmentRows());
  });
});
