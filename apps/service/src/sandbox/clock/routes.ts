/**
 * The sandbox's clock in the operator API (tag `sandbox`): read it, move it forward, put it back
 * (see sandbox/clock). Registered only by `serve --sandbox`, with the deadlines applied every
 * minute as the clock runs on by itself; elsewhere the routes do not exist (`404`).
 */
import type { FastifyPluginCallback } from 'fastify';
import type { components } from '@street-events/types/operator';
import type { Database } from '../../db/database.js';
import { recordedEvents } from '../../events/recorded-events.js';
import { serveOperatorDocument } from '../../http/interface.js';
import { advanceClock, resetClock } from './clock-moves.js';
import { applyDeadlines } from './deadlines.js';
import type { ClockReading, SandboxClock } from './sandbox-clock.js';
import { durationMs } from '../../shared/clock.js';

export interface ClockRoutesOptions {
  db: Database;
  clock: SandboxClock;
  /** How often the deadlines passed are applied while nobody moves the clock; a minute unless set. */
  deadlinesEveryMs?: number;
}

type Schemas = components['schemas'];

const clockBody = (reading: ClockReading): Schemas['InternalSandboxClock'] => ({
  now: reading.now.toISOString(),
  wall_clock: reading.wallClock.toISOString(),
  offset_seconds: reading.offsetMs / 1000,
});

export const clockRoutes: FastifyPluginCallback<ClockRoutesOptions> = (app, { db, clock, deadlinesEveryMs }, done) => {
  serveOperatorDocument(app, {
    readSandboxClock: () => Promise.resolve({ status: 200, body: clockBody(clock.read()) }),
    advanceSandboxClock: async ({ body }) => {
      const moved = await advanceClock(db, clock, durationMs(body.by));
      return {
        status: 200,
        body: {
          clock: clockBody(moved.clock),
          // Committed events, so each has its update_id (as the event source's writes answer them).
          events: (await recordedEvents(db, moved.events)) as Schemas['InternalClockAdvanced']['events'],
          subscriptions_removed: moved.subscriptionsRemoved,
        },
      };
    },
    resetSandboxClock: async () => ({ status: 200, body: clockBody(await resetClock(db, clock)) }),
  });
  const ticking = setInterval(() => {
    applyDeadlines(db, clock.now).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sandbox deadlines not applied'),
    );
  }, deadlinesEveryMs ?? 60_000);
  app.addHook('onClose', () => clearInterval(ticking));
  done();
};
