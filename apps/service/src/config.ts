/** The service's configuration, read once from environment variables (documented in the README). */
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
  notifications: NotificationConfig;
  /** Login (`LOGIN=off` switches it off; `LOGIN_TOKEN_TTL_SECONDS`, an hour by default). */
  login: LoginOptions | undefined;
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
    notifications: notificationConfigFromEnv(env),
    login: env.LOGIN === 'off' ? undefined : { tokenTtlSeconds: integer(env, 'LOGIN_TOKEN_TTL_SECONDS', defaultTokenTtlSeconds, 1) },
  };
}
