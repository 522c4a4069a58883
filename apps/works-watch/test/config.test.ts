import { describe, expect, test } from 'vitest';
import { configFromEnv } from '../src/config.js';

describe('configuration from the environment', () => {
  test('only the token is required; everything else has a default', () => {
    expect(configFromEnv({ EVENTS_TOKEN: 'se_x' })).toEqual({
      eventsBaseUrl: 'https://localhost:8443/v7/event',
      eventsToken: 'se_x',
      swaCode: undefined,
      host: '127.0.0.1',
      port: 8090,
      publicUrl: undefined,
      dataDir: '.data/works-watch',
      pollIntervalMs: 60_000,
      subscribe: true,
    });
  });

  test('every variable is read', () => {
    const config = configFromEnv({
      EVENTS_BASE_URL: 'https://events.example/v7/event/',
      EVENTS_TOKEN: 'se_x',
      EVENTS_SWA_CODE: '7001',
      WATCH_HOST: '0.0.0.0',
      WATCH_PORT: '9000',
      WATCH_PUBLIC_URL: 'https://watch.example/',
      WATCH_DATA_DIR: '/var/lib/works-watch',
      WATCH_POLL_INTERVAL_SECONDS: '15',
      WATCH_SUBSCRIBE: 'false',
    });
    expect(config).toEqual({
      eventsBaseUrl: 'https://events.example/v7/event',
      eventsToken: 'se_x',
      swaCode: '7001',
      host: '0.0.0.0',
      port: 9000,
      publicUrl: 'https://watch.example',
      dataDir: '/var/lib/works-watch',
      pollIntervalMs: 15_000,
      subscribe: false,
    });
  });

  test.each([
    [{}, 'EVENTS_TOKEN is not set'],
    [{ EVENTS_TOKEN: 't', EVENTS_BASE_URL: 'events/v7' }, 'EVENTS_BASE_URL must be an absolute URL'],
    [{ EVENTS_TOKEN: 't', WATCH_PORT: '80.5' }, 'WATCH_PORT must be a whole number'],
    [
      { EVENTS_TOKEN: 't', WATCH_POLL_INTERVAL_SECONDS: '0' },
      'WATCH_POLL_INTERVAL_SECONDS must be a whole number of at least 1',
    ],
    [{ EVENTS_TOKEN: 't', WATCH_PUBLIC_URL: 'watch' }, 'WATCH_PUBLIC_URL must be an absolute URL'],
    [{ EVENTS_TOKEN: 't', WATCH_SUBSCRIBE: 'yes' }, 'WATCH_SUBSCRIBE must be true or false'],
  ])('%o is refused: %s', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(message);
  });
});
