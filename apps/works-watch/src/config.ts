/** The app's settings, read once from environment variables (documented in the README). */

export interface WatchConfig {
  /** The interface's base URL, with its version prefix, e.g. http://localhost:8080/v7/event. */
  eventsBaseUrl: string;
  eventsToken: string;
  /** Contractors: the promoter to poll for (`swa_code`). */
  swaCode?: string;
  host: string;
  port: number;
  /** Where the service reaches this app; notifications go to `{publicUrl}/notifications`. */
  publicUrl?: string;
  dataDir: string;
  pollIntervalMs: number;
  /** Whether to subscribe to push notifications (polling alone works without). */
  subscribe: boolean;
}

export class ConfigError extends Error {}

/** Where `npm start` serves the sandbox (as its confirmation links name it). */
export const defaultEventsBaseUrl = 'https://localhost:8443/v7/event';

function required(env: NodeJS.ProcessEnv, name: string, example: string): string {
  const value = env[name];
  if (!value) throw new ConfigError(`${name} is not set (e.g. ${name}=${example})`);
  return value;
}

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be a whole number of at least ${min}, not "${raw}"`);
  return value;
}

function url(name: string, value: string): string {
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, not "${value}"`);
  }
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): WatchConfig {
  const subscribe = env.WATCH_SUBSCRIBE ?? 'true';
  if (subscribe !== 'true' && subscribe !== 'false')
    throw new ConfigError(`WATCH_SUBSCRIBE must be true or false, not "${subscribe}"`);
  return {
    eventsBaseUrl: url('EVENTS_BASE_URL', env.EVENTS_BASE_URL || defaultEventsBaseUrl),
    eventsToken: required(env, 'EVENTS_TOKEN', 'se_…'),
    swaCode: env.EVENTS_SWA_CODE || undefined,
    host: env.WATCH_HOST || '127.0.0.1',
    port: whole(env, 'WATCH_PORT', 8090, 0),
    publicUrl: env.WATCH_PUBLIC_URL ? url('WATCH_PUBLIC_URL', env.WATCH_PUBLIC_URL) : undefined,
    dataDir: env.WATCH_DATA_DIR || '.data/works-watch',
    pollIntervalMs: whole(env, 'WATCH_POLL_INTERVAL_SECONDS', 60, 1) * 1000,
    subscribe: subscribe === 'true',
  };
}
