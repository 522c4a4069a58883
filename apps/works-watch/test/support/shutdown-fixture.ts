/**
 * A process that stops as the app does (src/shutdown.ts), for the shutdown tests: its close
 * prints `closing`, takes `CLOSE_MS`, fails when `CLOSE_FAILS` is set, then prints `closed`.
 * `GRACE_MS` is the time the close is given. It prints `ready` once its signal handlers are set.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { jsonLog } from '../../src/log.js';
import { closeOnSignals } from '../../src/shutdown.js';

async function close(): Promise<void> {
  console.log('closing');
  await sleep(Number(process.env.CLOSE_MS ?? 0));
  if (process.env.CLOSE_FAILS) throw new Error('the close failed');
  console.log('closed');
}

closeOnSignals(close, jsonLog, Number(process.env.GRACE_MS ?? 10_000));
// Something to close: without it, the process would end as soon as the script has run.
setInterval(() => undefined, 60_000);
console.log('ready');
