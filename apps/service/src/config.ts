/** The service's configuration, read once from environment variables (documented in the README). */
import { databaseConfigFromEnv, type DatabaseConfig } from './db/database.js';
import { notificationConfigFromEnv, type NotificationConfig } from './notifications/config.js';
import { defaultStatementTimeoutMs } from './queries/query-timeout.js';

export interface ServiceConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  logLevel: string;
  statementTimeoutMs: number;
  bodyLimitBytes: number;
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return {
    host: env.HOST ?? '127.0.0.1',
    port: integer(env, 'PORT', 8080),
    database: databaseConfigFromEnv(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    statementTimeoutMs: integer(env, 'QUERY_TIMEOUT_MS', defaultStatementTimeoutMs),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024),
    notifications: notificationConfigFromEnv(env),
  };
}
