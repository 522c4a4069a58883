/**
 * The service's configuration: every environment variable it reads, in one JSON Schema
 * (`environmentSchema`), validated once at start by env-schema. The README's table of variables
 * is rendered from this schema (`pnpm --filter @street-events/service docs:environment`).
 */
import { readFileSync } from 'node:fs';
import { envSchema } from 'env-schema';
import addFormats from 'ajv-formats';
import { Ajv, type ErrorObject } from 'ajv';
import { defaultAuthenticationCache } from './directory/authentication-cache.js';
import { defaultLoginLimits, defaultTokenTtlSeconds, type LoginOptions } from './directory/login.js';
import { defaultPgliteDataDir, type DatabaseConfig } from './db/database.js';
import { defaultReplayBounds } from './deliveries/queue/replay-bounds.js';
import { createEndpointPolicy } from './deliveries/attempts/endpoint-policy.js';
import { signatureVersions } from './deliveries/messages/pubsub-signature.js';
import { workerDefaults } from './deliveries/worker.js';
import { formatSchedule, parseSchedule } from './deliveries/attempts/retry-schedule.js';
import { defaultSearchConcurrency } from './features/permits/plugin.js';
import { defaultRateLimit } from './http/rate-limits.js';
import { defaultConnectionLimits, type ConnectionLimits } from './http/connections.js';
import { defaultSubscriptionChanges, type NotificationConfig } from './features/notifications/config.js';
import { defaultReadShares, type ReadShares } from './http/read-shares.js';
import { defaultPollScanUpdates } from './features/polling/poll-updates.js';
import { defaultStatementTimeoutMs } from './db/query-timeout.js';

const onOff = { type: 'string', enum: ['on', 'off'] } as const;
const day = 24 * 60 * 60 * 1000;
/** A whole number of at least `minimum`, with a default when `fallback` is given (the type says which). */
function wholeNumber(minimum: number): { readonly type: 'integer'; readonly minimum: number };
function wholeNumber(
  minimum: number,
  fallback: number,
): { readonly type: 'integer'; readonly minimum: number; readonly default: number };
function wholeNumber(minimum: number, fallback?: number) {
  return { type: 'integer', minimum, ...(fallback === undefined ? {} : { default: fallback }) } as const;
}
const commaList = { type: 'string', pattern: '^[^,\\s]+(\\s*,\\s*[^,\\s]+)*$' } as const;
const schedule = '^\\s*[0-9]+(ms|s|m|h|d)?\\s*(,\\s*[0-9]+(ms|s|m|h|d)?\\s*)*$';

/**
 * One entry a variable: its JSON Schema, its `description` (the README's text) and, where the
 * default is not a literal `default`, `x-default` (how the README names it).
 */
export const environmentSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    PORT: { ...wholeNumber(0, 8080), maximum: 65535, description: 'Port to listen on.' },
    HOST: {
      type: 'string',
      minLength: 1,
      default: '127.0.0.1',
      description: 'Address to listen on (`0.0.0.0` to accept connections from other hosts).',
    },
    DATABASE_URL: {
      type: 'string',
      pattern: '^postgres(ql)?://',
      description: 'PostgreSQL connection URL. Without it, embedded PGlite.',
    },
    DATABASE_READ_URL: {
      ...commaList,
      description:
        'One or more PostgreSQL streaming standbys of `DATABASE_URL`, separated by commas: polling and permit search read from them (a connection to each in turn), everything else from `DATABASE_URL`. A poller never skips or repeats an update on a standby that lags: update ids are allocated in commit order, which a standby replays in order.',
    },
    PGLITE_DATA_DIR: {
      type: 'string',
      minLength: 1,
      'x-default': '`apps/service/.data/pglite`',
      description:
        "PGlite's data directory. The default is the service's own, whatever the working directory; a relative path is taken from the working directory. One process at a time (`<directory>.lock`).",
    },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
      description: 'pino log level; logs are JSON lines with the request id.',
    },
    LOG_FORMAT: {
      type: 'string',
      enum: ['json', 'lines'],
      'x-default': '`json`; `lines` under `serve --sandbox`',
      description:
        'How the log is written: `json`, a JSON line per entry (for machines), or `lines`, one readable line per request (method, target, status, time), per delivery attempt (message, endpoint, status or reason, latency, what follows) and per other entry.',
    },
    QUERY_TIMEOUT_MS: {
      ...wholeNumber(0, defaultStatementTimeoutMs),
      description:
        "Limit on each polling and permit-search request's database work, counted from when the request is handled (waiting for a search slot or a database connection counts); past it the answer is `408` and the query is cancelled in the database. `0` is no limit: queries run to the end and no `408` is answered.",
    },
    ORGANISATION_POLLS: {
      ...wholeNumber(1, defaultReadShares.pollsPerOrganisation),
      description:
        "Polls that query the database which one organisation (all its users and API keys) may run at once; one more is answered `429` with `Retry-After: 1` at once. Polls answered from the feed's heads without a query are not counted.",
    },
    ORGANISATION_SEARCHES: {
      ...wholeNumber(1, defaultReadShares.searchesPerOrganisation),
      description:
        'Permit searches one organisation may run or have waiting at once; one more is answered `429` with `Retry-After: 1` at once.',
    },
    POLL_SCAN_UPDATES: {
      ...wholeNumber(1, defaultPollScanUpdates),
      description:
        'Update ids one poll reads past its cursor at most: a page that does not fill within them is answered as it is, with `next_update` set to continue from (see the polling documentation).',
    },
    HTTPS_PORT: {
      anyOf: [
        { type: 'string', const: 'off' },
        { ...wholeNumber(0), maximum: 65535 },
      ],
      'x-default': '`PORT` + 363 (`8443`)',
      description:
        "The HTTPS listener's port (`off`: none, and links in messages are built on the http address). The sandbox serves HTTPS with its own CA; elsewhere it needs `TLS_CERT_FILE` and `TLS_KEY_FILE`.",
    },
    TLS_CERT_FILE: {
      type: 'string',
      minLength: 1,
      description:
        'PEM certificate of the HTTPS listener in production, with `TLS_KEY_FILE` (or let TLS end at a proxy and set `PUBLIC_BASE_URL` to its `https://` address).',
    },
    TLS_KEY_FILE: { type: 'string', minLength: 1, description: 'PEM key of the HTTPS listener, with `TLS_CERT_FILE`.' },
    LOGIN: {
      ...onOff,
      default: 'on',
      description:
        '`off` switches login off: `POST /v7/work/authenticate`, `POST /v7/party/refresh` and `POST /v7/party/logout` answer `404`, and only API keys work.',
    },
    LOGIN_TOKEN_TTL_SECONDS: {
      ...wholeNumber(1, defaultTokenTtlSeconds),
      description: 'How long an `idToken` / `accessToken` of a login lasts.',
    },
    LOGIN_RATE_LIMIT_ADDRESS_MAX: {
      ...wholeNumber(1, defaultLoginLimits.addressMax),
      description:
        'Logins, refreshes and logouts together that one client address (an IPv6 client by its /64) may make per `LOGIN_RATE_LIMIT_WINDOW_MS`; past it the answer is `429` with `Retry-After`. Always on, whatever `RATE_LIMIT_MAX` says; counted by each instance on its own (behind N instances, up to N times this).',
    },
    LOGIN_RATE_LIMIT_ACCOUNT_MAX: {
      ...wholeNumber(1, defaultLoginLimits.accountMax),
      description:
        'Logins that name one email address (known or not) may make per `LOGIN_RATE_LIMIT_WINDOW_MS`, from any address; past it `429` with `Retry-After`. Counted by each instance on its own. The lockout (five failed logins in a row lock the account for five minutes, `423`) is kept in the database and holds across instances.',
    },
    LOGIN_RATE_LIMIT_WINDOW_MS: {
      ...wholeNumber(1, defaultLoginLimits.windowMs),
      description: 'The window of `LOGIN_RATE_LIMIT_ADDRESS_MAX` and `LOGIN_RATE_LIMIT_ACCOUNT_MAX`.',
    },
    LOGIN_HASH_CONCURRENCY: {
      ...wholeNumber(1, defaultLoginLimits.hashConcurrency),
      description:
        "Password checks (scrypt: 32 MiB and tens of milliseconds each, on libuv's thread pool, which also resolves webhook host names and opens database connections) run at once per instance.",
    },
    LOGIN_HASH_QUEUE: {
      ...wholeNumber(0, defaultLoginLimits.hashQueue),
      description:
        'Logins that may wait for a password check; a login beyond them is answered `503` with `Retry-After: 1` at once instead of waiting.',
    },
    TRUST_PROXY: {
      ...commaList,
      description:
        'Addresses or CIDRs of reverse proxies in front of the service (e.g. `10.0.0.0/8`): a request from one of them counts under the client address its `X-Forwarded-For` names. Without it every request counts under the address that connected, so behind a proxy all clients share the per-address limits (`RATE_LIMIT_MAX` for requests that do not authenticate, `LOGIN_RATE_LIMIT_ADDRESS_MAX`).',
    },
    AUTH_CACHE_TTL_MS: {
      ...wholeNumber(0, defaultAuthenticationCache.ttlMs),
      description:
        'How long an authenticated caller is reused. Revocations and contract changes made through the service or its commands take effect at once (announced with NOTIFY); one made by hand in the database, within this time. `0` looks the token up on every request.',
    },
    BODY_LIMIT_BYTES: {
      ...wholeNumber(0, 1024 * 1024),
      description:
        "Largest accepted request body; larger is `413`. Each operation's own limit, the largest body its schema allows (stated in the documents), is lower; this caps it, and is the limit of the internal operator API.",
    },
    MAX_CONNECTIONS: {
      ...wholeNumber(0, defaultConnectionLimits.max),
      description:
        'Connections each listener (HTTP, HTTPS) holds at once; one more is answered `503` with the error body and closed (on HTTPS, closed). `0`: no bound.',
    },
    MAX_CONNECTIONS_PER_ADDRESS: {
      ...wholeNumber(0, defaultConnectionLimits.perAddress),
      description:
        "Connections one client address holds at once on each listener, so no client takes the connections of the others; past it, as `MAX_CONNECTIONS`. Behind a proxy every client has the proxy's address: set `0` (no bound) and bound clients at the proxy.",
    },
    SEARCH_CONCURRENCY: {
      ...wholeNumber(1),
      'x-default': 'the number of cores less one (at least 1)',
      description:
        'Permit searches run at once; others wait their turn. A 500-row answer is close to 1 MB of JSON: this bounds the memory many searches at once would take.',
    },
    RATE_LIMIT_MAX: {
      ...wholeNumber(0),
      'x-default': `\`${defaultRateLimit.max}\`; \`0\` (no limit) under \`serve --sandbox\``,
      description:
        "Requests each caller may make to the interface's operations (and to the operator API's delivery history: `listSubscriptions`, `listMessages`, `listMessageAttempts`, `listDeadLetters`, `replayMessage`) per window; past it the answer is `429` with `Retry-After` in seconds. A caller is its user, counted after authentication whatever token it sends; a request that does not authenticate (no token, an unknown or revoked one) counts under its client address, so made-up tokens share one budget. Counted by each service instance on its own, in memory: behind N instances a caller may make up to N times this. The confirmation and unsubscribe links count under their client address; `/health`, the webhook keys and the signing certificates are not limited; login has limits of its own (`LOGIN_RATE_LIMIT_*`). `0` is no limit.",
    },
    RATE_LIMIT_WINDOW_MS: {
      ...wholeNumber(1, defaultRateLimit.windowMs),
      description: 'The window of `RATE_LIMIT_MAX`.',
    },
    METRICS_PUBLIC: {
      ...onOff,
      default: 'off',
      description:
        "`on`: `GET /metrics` (Prometheus text: request durations by operation and status, database pools, the delivery queue's depth and oldest age, delivery attempts by outcome, dead letters, Node's process metrics) answers without a token. Off, it answers only an `Operator` token.",
    },
    PUBLIC_BASE_URL: {
      type: 'string',
      format: 'uri',
      pattern: '^https?://',
      'x-default': 'the served base URL, `http://HOST:PORT/v7/event`',
      description:
        "Base URL of the interface as webhook receivers reach it (with TLS ending at a proxy, the proxy's `https://` address); the links of a subscription's messages (`SubscribeURL`, `UnsubscribeURL`, `SigningCertURL`) are built on the one in force when it subscribed.",
    },
    PUBSUB_SIGNATURE_VERSION: {
      type: 'string',
      enum: [...signatureVersions],
      default: workerDefaults.signatureVersion,
      description:
        "`SignatureVersion` of the pub/sub envelope's own signature: `1` (SHA1withRSA, what receivers written for the permitting system's notifications expect) or `2` (SHA256withRSA).",
    },
    WEBHOOK_ALLOW: {
      ...commaList,
      description:
        'Comma-separated CIDRs, addresses and host names that webhook endpoints may reach although not public (e.g. `10.20.0.0/16,hooks.internal`). `serve --sandbox` adds loopback.',
    },
    WEBHOOK_RETRY_SCHEDULE: {
      type: 'string',
      pattern: schedule,
      default: formatSchedule(workerDefaults.retryPolicy.schedule),
      description:
        'Delay before each delivery attempt (units `ms`, `s`, `m`, `h`, `d`); after the last one a message is dead-lettered.',
    },
    WEBHOOK_TIMEOUT_MS: {
      ...wholeNumber(1, workerDefaults.attemptTimeoutMs),
      description: 'Limit of one delivery attempt, from its start to the end of the response.',
    },
    WEBHOOK_CONNECT_TIMEOUT_MS: {
      ...wholeNumber(1, workerDefaults.connectTimeoutMs),
      description:
        'Limit for connecting to a webhook endpoint (TCP, and TLS for `https`), within `WEBHOOK_TIMEOUT_MS`; past it the attempt fails ("no connection within …") and is retried.',
    },
    WEBHOOK_RESPONSE_TIMEOUT_MS: {
      ...wholeNumber(1, workerDefaults.responseTimeoutMs),
      description:
        'Limit from the start of a delivery attempt to the response\'s status and headers, within `WEBHOOK_TIMEOUT_MS`; past it the attempt fails ("no response within …") and is retried.',
    },
    WEBHOOK_SUBSCRIPTION_CONCURRENCY: {
      ...wholeNumber(1, workerDefaults.subscriptionConcurrency),
      description:
        "Delivery attempts one worker has in flight at once to one subscription (one while the subscription's endpoint is failing); the other subscriptions' deliveries are claimed beside it.",
    },
    WEBHOOK_ORIGIN_CONCURRENCY: {
      ...wholeNumber(1, workerDefaults.originConcurrency),
      description:
        'Delivery attempts one worker has in flight at once to one endpoint origin (scheme, host and port), whichever subscriptions they are for; also the connections kept to it.',
    },
    WEBHOOK_DISABLE_AFTER_DAYS: {
      ...wholeNumber(1, workerDefaults.disableAfterMs / day),
      description:
        "Days a subscription's endpoint may fail every attempt before the subscription is disabled: removed with its pending deliveries, `event_subscription_removed` recorded in its organisation's feed.",
    },
    SUBSCRIPTION_CHANGES_MAX: {
      ...wholeNumber(1, defaultSubscriptionChanges.max),
      description:
        "Subscribes and unsubscribes together that one organisation (all its users) may make per `SUBSCRIPTION_CHANGES_WINDOW_MS`; past it `429` with `Retry-After`. Each records an event for every organisation the subscription covers, a contractor's promoters too. Counted by each instance on its own.",
    },
    SUBSCRIPTION_CHANGES_WINDOW_MS: {
      ...wholeNumber(1, defaultSubscriptionChanges.windowMs),
      description: 'The window of `SUBSCRIPTION_CHANGES_MAX`.',
    },
    REPLAYS_PER_MESSAGE: {
      ...wholeNumber(0, defaultReplayBounds.perMessage),
      description:
        'Times one message may be replayed (`replayMessage`, by anyone) in an hour; past it `429` with `Retry-After`. Counted in the database, so it holds across every instance. `0` is no bound.',
    },
    REPLAYS_PER_ORGANISATION: {
      ...wholeNumber(0, defaultReplayBounds.perOrganisation),
      description:
        "Messages one organisation's callers (all its users; not the Operator) may replay in an hour, in all; past it `429` with `Retry-After`. Counted in the database, so it holds across every instance. `0` is no bound. The command line's bulk replay of dead letters (`deliveries replay --subscription`) is bounded by neither.",
    },
    DEAD_LETTER_DAYS: {
      ...wholeNumber(1, workerDefaults.deadLetterRetentionMs / day),
      description:
        "Days dead letters are kept (counted from their message's creation) for the operator to replay; workers prune older ones.",
    },
    DELIVERY_WORKER: {
      ...onOff,
      default: 'on',
      description: '`off`: `serve` does not deliver notifications; run `street-events worker` (one or more) instead.',
    },
    WORKER_CONCURRENCY: {
      ...wholeNumber(1, workerDefaults.concurrency),
      description: 'Delivery attempts in flight per worker.',
    },
    SHUTDOWN_GRACE_MS: {
      ...wholeNumber(1, 60_000),
      description:
        'On SIGINT or SIGTERM, how long `serve`, `worker` and `simulate` may take to finish requests and delivery attempts in flight before the process ends anyway (exit code 1); a second signal ends it at once.',
    },
    WORKER_POLL_MS: {
      ...wholeNumber(10, workerDefaults.pollIntervalMs),
      description: 'Fallback poll interval of a worker (workers are woken at once by `NOTIFY` when deliveries commit).',
    },
    SANDBOX_HOSTS: {
      ...commaList,
      description:
        "Host names, besides `localhost` and `PUBLIC_BASE_URL`'s, that `serve --sandbox` answers (e.g. `host.docker.internal`). A request naming any other host in its `Host` header is refused with `400`, so a web page cannot reach the sandbox by DNS rebinding; addresses (`127.0.0.1:8080`, `[::1]`) are always answered.",
    },
    SANDBOX_CHAOS: {
      type: 'string',
      minLength: 1,
      description:
        'The chaos profile `serve --sandbox` runs under when `--chaos` is not given: a preset (`mild`, `flaky`, `storm`) or a JSON or YAML file of `InternalChaosProfile` (operator document). Notifications dropped, duplicated, delayed and reordered, polls and permit searches answered `503` or `429`, polling lagging behind; see "Chaos profile". Ignored outside the sandbox.',
    },
    SANDBOX_CHAOS_SEED: {
      ...wholeNumber(0),
      maximum: 4_294_967_295,
      'x-default': 'a random seed, printed at start',
      description:
        "The seed of the chaos profile's decisions when `--chaos-seed` is not given: the same seed and the same messages give the same decisions.",
    },
    DELIVERY_LOG_DAYS: {
      ...wholeNumber(1, workerDefaults.logRetentionMs / day),
      description:
        'Days the message log keeps each delivery attempt (request, answer, latency); workers prune older ones. A delivered message can be replayed while its attempts are kept.',
    },
  },
} as const;

/** What the README and the error messages read of a variable's schema. */
export interface VariableSchema {
  description: string;
  default?: unknown;
  'x-default'?: string;
  type?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

export type EnvironmentVariable = keyof typeof environmentSchema.properties;
type Name = EnvironmentVariable;

/** The value a variable's schema gives after validation: one of its `enum` or `const`, a number, or text. */
type ValueOf<S> = S extends { anyOf: readonly (infer Each)[] }
  ? ValueOf<Each>
  : S extends { enum: readonly (infer Value)[] }
    ? Value
    : S extends { const: infer Value }
      ? Value
      : S extends { type: 'integer' }
        ? number
        : string;

type Properties = typeof environmentSchema.properties;
type Defaulted = { [N in Name]: Properties[N] extends { default: unknown } ? N : never }[Name];

/** The environment after validation, as the schema makes it: defaults filled in, whole numbers as numbers. */
type Environment = { [N in Defaulted]: ValueOf<Properties[N]> } & {
  [N in Exclude<Name, Defaulted>]?: ValueOf<Properties[N]>;
};

export interface ServiceConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  logLevel: string;
  /** `json` unless told otherwise (see `LOG_FORMAT`); `serve --sandbox` defaults it to `lines`. */
  logFormat?: 'json' | 'lines';
  statementTimeoutMs: number;
  bodyLimitBytes: number;
  /** Permit searches run at once. */
  searchConcurrency: number;
  /** Polls and searches one organisation may run at once. */
  readShares: ReadShares;
  /** Update ids one poll reads past its cursor at most. */
  pollScanUpdates: number;
  authCacheTtlMs: number;
  /** `max` unset: the default, or none under `serve --sandbox` (see `defaultRateLimit`). */
  rateLimit: { max: number | undefined; windowMs: number };
  /** Connections held at once by each listener, in all and from one address. */
  connections: ConnectionLimits;
  /** Reverse proxies whose `X-Forwarded-For` names the client address; none when empty. */
  trustProxy: string[];
  metricsPublic: boolean;
  notifications: NotificationConfig;
  /** Login, or `undefined` with `LOGIN=off`. */
  login: LoginOptions | undefined;
  /** An HTTPS listener besides HTTP, with a certificate from files; the sandbox makes its own (shared/local-ca.ts). */
  tls: TlsConfig | undefined;
  httpsPort: number | 'off';
  /** How long stopping may take before the process ends anyway. */
  shutdownGraceMs: number;
  /** Host names the sandbox answers besides loopback and `PUBLIC_BASE_URL`'s (see http/served-hosts.ts). */
  sandboxHosts: string[];
  /** The chaos profile of `serve --sandbox` (a preset's name or a file) and its seed, unless the command line gives them. */
  sandboxChaos: { profile: string | undefined; seed: number | undefined };
}

export interface TlsConfig {
  port: number;
  cert: string;
  key: string;
  /** The CA file that clients trust, when the service made its own (the sandbox). */
  caFile?: string;
}

/** A variable the configuration refuses: the message names it, the rule and the value given. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

const ajv = addFormats.default(
  new Ajv({ allErrors: false, useDefaults: true, coerceTypes: true, removeAdditional: true }),
  ['uri'],
);
ajv.addKeyword('x-default');

/** The whole configuration, validated against `environmentSchema`; throws a `ConfigurationError` naming the variable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const values = validated(env);
  const port = values.PORT;
  return {
    host: values.HOST,
    port,
    database: values.DATABASE_URL
      ? { kind: 'postgres', url: values.DATABASE_URL, readUrls: listOf(values.DATABASE_READ_URL) }
      : { kind: 'pglite', dataDir: values.PGLITE_DATA_DIR ?? defaultPgliteDataDir },
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    statementTimeoutMs: values.QUERY_TIMEOUT_MS,
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    searchConcurrency: values.SEARCH_CONCURRENCY ?? defaultSearchConcurrency,
    readShares: {
      pollsPerOrganisation: values.ORGANISATION_POLLS,
      searchesPerOrganisation: values.ORGANISATION_SEARCHES,
    },
    pollScanUpdates: values.POLL_SCAN_UPDATES,
    authCacheTtlMs: values.AUTH_CACHE_TTL_MS,
    rateLimit: { max: values.RATE_LIMIT_MAX, windowMs: values.RATE_LIMIT_WINDOW_MS },
    connections: { max: values.MAX_CONNECTIONS, perAddress: values.MAX_CONNECTIONS_PER_ADDRESS },
    metricsPublic: values.METRICS_PUBLIC === 'on',
    notifications: notificationsOf(values),
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS,
    sandboxHosts: listOf(values.SANDBOX_HOSTS),
    sandboxChaos: { profile: values.SANDBOX_CHAOS, seed: values.SANDBOX_CHAOS_SEED },
    trustProxy: listOf(values.TRUST_PROXY),
    login: loginOf(values),
    ...tlsOf(values, port),
  };
}

function validated(env: NodeJS.ProcessEnv): Environment {
  const data = Object.fromEntries(
    Object.keys(environmentSchema.properties).flatMap((name) =>
      env[name] === undefined || env[name] === '' ? [] : [[name, env[name]]],
    ),
  );
  try {
    return envSchema<Environment>({ schema: environmentSchema, data, env: false, ajv });
  } catch (error) {
    const first = (error as { errors?: ErrorObject[] }).errors?.[0];
    if (first === undefined) throw error;
    const name = first.instancePath.replace(/^\//, '').split('/')[0]!;
    throw new ConfigurationError(`${name} must be ${acceptedValues(name as Name)}, not ${JSON.stringify(data[name])}`);
  }
}

/** What a variable accepts, in words, from its schema. */
export function acceptedValues(name: Name): string {
  const schema: VariableSchema = environmentSchema.properties[name];
  if (schema.enum !== undefined) return `one of ${schema.enum.join(', ')}`;
  if (name === 'HTTPS_PORT') return 'off, or a port number from 0 to 65535';
  if (schema.type === 'integer') {
    return schema.maximum === undefined
      ? `a whole number of at least ${schema.minimum}`
      : `a whole number from ${schema.minimum} to ${schema.maximum}`;
  }
  if (schema.pattern === schedule) return 'delays separated by commas, such as 0,5s,5m,2h,1d';
  if (schema.pattern === commaList.pattern) return 'one or more values separated by commas';
  if (schema.format === 'uri') return 'an absolute http:// or https:// URL';
  if (schema.pattern === '^postgres(ql)?://') return 'a postgres:// or postgresql:// URL';
  return 'any text that is not empty';
}

const listOf = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

function loginOf(values: Environment): LoginOptions | undefined {
  if (values.LOGIN === 'off') return undefined;
  return {
    tokenTtlSeconds: values.LOGIN_TOKEN_TTL_SECONDS,
    limits: {
      addressMax: values.LOGIN_RATE_LIMIT_ADDRESS_MAX,
      accountMax: values.LOGIN_RATE_LIMIT_ACCOUNT_MAX,
      windowMs: values.LOGIN_RATE_LIMIT_WINDOW_MS,
      hashConcurrency: values.LOGIN_HASH_CONCURRENCY,
      hashQueue: values.LOGIN_HASH_QUEUE,
    },
  };
}

function notificationsOf(values: Environment): NotificationConfig {
  const allowList = listOf(values.WEBHOOK_ALLOW);
  try {
    createEndpointPolicy(allowList);
  } catch (error) {
    throw new ConfigurationError(`WEBHOOK_ALLOW ${(error as Error).message}`);
  }
  return {
    publicBaseUrl: values.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
    signatureVersion: values.PUBSUB_SIGNATURE_VERSION,
    allowList,
    retrySchedule: parseSchedule(values.WEBHOOK_RETRY_SCHEDULE),
    attemptTimeoutMs: values.WEBHOOK_TIMEOUT_MS,
    connectTimeoutMs: values.WEBHOOK_CONNECT_TIMEOUT_MS,
    responseTimeoutMs: values.WEBHOOK_RESPONSE_TIMEOUT_MS,
    subscriptionConcurrency: values.WEBHOOK_SUBSCRIPTION_CONCURRENCY,
    originConcurrency: values.WEBHOOK_ORIGIN_CONCURRENCY,
    disableAfterMs: values.WEBHOOK_DISABLE_AFTER_DAYS * day,
    deadLetterRetentionMs: values.DEAD_LETTER_DAYS * day,
    worker: values.DELIVERY_WORKER !== 'off',
    concurrency: values.WORKER_CONCURRENCY,
    pollIntervalMs: values.WORKER_POLL_MS,
    logRetentionMs: values.DELIVERY_LOG_DAYS * day,
    subscriptionChanges: { max: values.SUBSCRIPTION_CHANGES_MAX, windowMs: values.SUBSCRIPTION_CHANGES_WINDOW_MS },
    replayBounds: { perMessage: values.REPLAYS_PER_MESSAGE, perOrganisation: values.REPLAYS_PER_ORGANISATION },
  };
}

function tlsOf(values: Environment, port: number): Pick<ServiceConfig, 'tls' | 'httpsPort'> {
  const httpsPort = values.HTTPS_PORT ?? (port === 0 ? 0 : port + 363);
  const certFile = values.TLS_CERT_FILE;
  const keyFile = values.TLS_KEY_FILE;
  if (!certFile !== !keyFile) throw new ConfigurationError('TLS_CERT_FILE and TLS_KEY_FILE go together');
  if (!certFile || !keyFile || httpsPort === 'off') return { tls: undefined, httpsPort };
  return {
    tls: { port: httpsPort, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') },
    httpsPort,
  };
}
