#!/usr/bin/env node
/**
 * works-watch: keeps a local picture of the works of one organisation in step with the event
 * interface and shows it on a live web page. Settings come from the environment (README).
 *   EVENTS_BASE_URL=http://localhost:8080/v7/event EVENTS_TOKEN=se_… node dist/main.js
 */
import { startWatch } from './app.js';
import { ConfigError, configFromEnv } from './config.js';
import { jsonLog } from './log.js';
import { closeOnSignals } from './shutdown.js';

let config;
try {
  config = configFromEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`works-watch: ${error.message}`);
  process.exit(2);
}

let app;
try {
  app = await startWatch(config, jsonLog);
} catch (error) {
  console.error(`works-watch: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`works-watch: page at ${app.url}, notifications at ${app.endpoint}`);

closeOnSignals(() => app.close(), jsonLog);
