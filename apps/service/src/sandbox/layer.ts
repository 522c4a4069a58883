/**
 * The sandbox on top of the service (`serve --sandbox`), as one layer the app registers through its
 * seams (`AppLayer`): a plugin that answers only the host names the sandbox serves, runs the chaos
 * profile's faults on polls and searches, serves the sandbox's operations (its organisations and
 * commands, triggered events, the clock, the chaos profile) and simulates activity when asked;
 * and what it gives the core's features: polling's visibility lag, the console's Operator token,
 * and subscriptions confirmed on the receiver's behalf. Nothing below imports it.
 */
import type { FastifyPluginCallback } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppLayer } from '../app.js';
import type { Database } from '../db/database.js';
import { servedHosts } from '../http/served-hosts.js';
import type { Clock } from '../shared/clock.js';
import { chaosFaults, chaosRoutes } from './chaos/plugin.js';
import type { SandboxChaos } from './chaos/sandbox-chaos.js';
import { clockRoutes } from './clock/routes.js';
import type { SandboxClock } from './clock/sandbox-clock.js';
import { sandboxRoutes, type SandboxCommands } from './routes.js';
import type { SandboxUser } from './seed/sandbox.js';
import { simulate } from './simulation/simulate.js';

export interface SandboxOptions {
  db: Database;
  /** The sandbox's users and their tokens, which the operator API lists. */
  users: readonly SandboxUser[];
  /** Host names it answers besides loopback (see http/served-hosts.ts). */
  hosts?: readonly string[];
  /** It listens beyond loopback: the console carries no token and asks for an Operator's. */
  network?: boolean;
  /** How the operator API runs a command line in the sandbox (`serve` gives the command line's own). */
  commands?: SandboxCommands;
  /** The sandbox's clock, which the operator API reads and moves (give its `now` as the app's `clock` too). */
  clock?: SandboxClock;
  /** The chaos profile it runs under (`serve --sandbox --chaos`); closed with the app. */
  chaos?: SandboxChaos;
  /** Activities a second produced on the sandbox while it serves (`serve --sandbox --simulate`). */
  simulateRate?: number;
}

const sandbox: FastifyPluginCallback<SandboxOptions> = (app, options, done) => {
  const { db, clock, chaos } = options;
  app.register(servedHosts, { hosts: options.hosts ?? [] });
  if (chaos) app.register(chaosFaults, { chaos });
  app.register(sandboxRoutes, { db, clock: clock?.now, users: options.users, commands: options.commands });
  if (clock) app.register(clockRoutes, { db, clock });
  if (chaos) {
    app.register(chaosRoutes, { chaos });
    app.addHook('onClose', () => chaos.close());
  }
  if (options.simulateRate !== undefined) app.register(simulation, { db, rate: options.simulateRate, now: clock?.now });
  done();
};

/** The sandbox as the app's layer. */
export function sandboxLayer(options: SandboxOptions): AppLayer {
  const operator = options.users.find((user) => user.role === 'Operator');
  return {
    plugin: fastifyPlugin((app, _options, done) => sandbox(app, options, done), { name: 'sandbox' }),
    pollingHorizon: options.chaos?.horizon,
    consoleOperatorToken: options.network ? undefined : operator?.token,
    actsForReceivers: true,
  };
}

/** Random activity on the sandbox while serving (`serve --simulate`), stopped when the app closes. */
const simulation: FastifyPluginCallback<{ db: Database; rate: number; now: Clock | undefined }> = (
  app,
  { db, rate, now },
  done,
) => {
  const stop = new AbortController();
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', (ready) => {
    running = simulate(db, { rate, signal: stop.signal, now }).catch((error: unknown) => {
      if (!stop.signal.aborted) app.log.error({ err: error }, 'the simulation stopped');
    });
    ready();
  });
  app.addHook('onClose', async () => {
    stop.abort();
    await running;
  });
  done();
};
