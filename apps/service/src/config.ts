/** The service's configuration, read once from environment variables (documented in the README). */
import { readFileSync } from 'node:fs';
import { defaultAuthenticationCache } from './auth/authentication-cache.js';
import { defaultTokenTtlSeconds, type LoginOptions } from './auth/login.js';
import { defaultSearchConcurrency } from './http/app.js';
import { databaseConfigFromEnv, type DatabaseConfig } from './db/database.js';
import type { RateLimit } from './http/app.js';
import { notificationConfigFromEnv, type NotificationConfig } from './notifications/config.js';
import { defaultStatementTimeoutMs } from './queries/query-timeout.js';

export interface ServiceConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  logLevel: string;
  statementTimeoutMs: number;
  bodyLimitBytes: number;
  /** Permit searches run at once (`SEARCH_CONCURRENCY`). */
  searchConcurrency: number;
  /** How long an authenticated caller is reused (`AUTH_CACHE_TTL_MS`); 0: every request looks its token up. */
  authCacheTtlMs: number;
  /** Requests per caller per window (`RATE_LIMIT_MAX` per `RATE_LIMIT_WINDOW_MS`); max 0: no limit. */
  rateLimit: RateLimit;
  /** `METRICS_PUBLIC` on: `GET /metrics` answers without a token (otherwise only to the Operator role). */
  metricsPublic: boolean;
  notifications: NotificationConfig;
  /** Login (`LOGIN=off` switches it off; `LOGIN_TOKEN_TTL_SECONDS`, an hour by default). */
  login: LoginOptions | undefined;
  /** An HTTPS listener besides HTTP: `TLS_CERT_FILE` and `TLS_KEY_FILE` (PEM) on `HTTPS_PORT`; the sandbox makes its own (tls/local-ca.ts). */
  tls: TlsConfig | undefined;
  /** `HTTPS_PORT`: the HTTPS listener's port; `off`: none, even in the sandbox. Default: PORT + 363 (8443), or 0 when PORT is 0. */
  httpsPort: number | 'off';
}

export interface TlsConfig {
  port: number;
  cert: string;
  key: string;
  /** The CA file that clients trust, when the service made its own (the sandbox). */
  caFile?: string;
}

/** A whole number of at least `min` from the environment, or `fallback` when unset. */
export function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${raw}"`);
  }
  return value;
}

/** An on/off setting: `on`, `true` or `1`; `off`, `false`, `0` or unset. */
function switchOf(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0', ''].includes(raw)) return false;
  throw new Error(`${name} must be on or off, not "${env[name]}"`);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: integer(env, 'PORT', 8080),
    database: databaseConfigFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    statementTimeoutMs: integer(env, 'QUERY_TIMEOUT_MS', defaultStatementTimeoutMs),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    searchConcurrency: integer(env, 'SEARCH_CONCURRENCY', defaultSearchConcurrency, 1),
    authCacheTtlMs: integer(env, 'AUTH_CACHE_TTL_MS', defaultAuthenticationCache.ttlMs),
    rateLimit: { max: integer(env, 'RATE_LIMIT_MAX', 0), windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1) },
    metricsPublic: switchOf(env, 'METRICS_PUBLIC'),
    notifications: notificationConfigFromEnv(env),
    login:
      env.LOGIN === 'off'
        ? undefined
        : { tokenTtlSeconds: integer(env, 'LOGIN_TOKEN_TTL_SECONDS', defaultTokenTtlSeconds, 1) },
    ...tlsFromEnv(env),
  };
}

function tlsFromEnv(env: NodeJS.ProcessEnv): Pick<ServiceConfig, 'tls' | 'httpsPort'> {
  const port = integer(env, 'PORT', 8080);
  const httpsPort = env.HTTPS_PORT === 'off' ? 'off' : integer(env, 'HTTPS_PORT', port === 0 ? 0 : port + 363);
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (!certFile !== !keyFile) throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together');
  if (!certFile || !keyFile || httpsPort === 'off') return { tls: undefined, httpsPort };
  return {
    tls: { port: httpsPort, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') },
    httpsPort,
  };
}
