/**
 * What every scenario watches besides its own figures: `/health` asked twice a second for the
 * whole scenario (each answer that is not `200 {"status":"ok"}` within 5 s is a failure), and
 * whether the process is still alive at the end.
 */
import type { ServiceProcess } from '../test/support/service-process.js';
import { pause, send } from './http.js';
import { isAlive } from './service.js';

export interface Watch {
  healthChecks: number;
  healthFailures: number;
  slowestHealthMs: number;
  alive: boolean;
}

/** Starts watching; `end()` stops and gives what was seen. */
export function watch(service: ServiceProcess): { end: () => Promise<Watch> } {
  const origin = new URL(service.baseUrl).origin;
  const seen = { healthChecks: 0, healthFailures: 0, slowestHealthMs: 0 };
  let watching = true;
  const loop = (async () => {
    while (watching && isAlive(service)) {
      const answer = await send(`${origin}/health`, { from: '127.0.0.10', timeoutMs: 5000 });
      seen.healthChecks += 1;
      seen.slowestHealthMs = Math.max(seen.slowestHealthMs, answer.ms);
      if (answer.status !== 200) seen.healthFailures += 1;
      await pause(500);
    }
  })();
  return {
    end: async () => {
      watching = false;
      await loop;
      return { ...seen, alive: isAlive(service) };
    },
  };
}
