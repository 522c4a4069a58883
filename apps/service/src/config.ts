/** The service's configuration, read once from environment variables (documented in the README). */
import { defaultAuthenticationCache } from './auth/authentication-cache.js';
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
  };
}
