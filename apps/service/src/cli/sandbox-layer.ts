/**
 * The sandbox as `serve --sandbox` runs it: its clock (kept in the database, moved by an Operator),
 * its chaos profile, if any, and the layer they make on top of the server (layer.ts).
 */
import type { ServiceConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { isLoopbackAddress } from '../http/served-hosts.js';
import type { ServeLayer } from '../server.js';
import { SandboxChaos, type ChaosSettings } from '../sandbox/chaos/sandbox-chaos.js';
import { SandboxClock } from '../sandbox/clock/sandbox-clock.js';
import { sandboxLayer } from '../sandbox/layer.js';
import type { SandboxCommands } from '../sandbox/routes.js';
import type { SandboxUser } from '../sandbox/seed/sandbox.js';

export interface SandboxServeOptions {
  users: readonly SandboxUser[];
  commands?: SandboxCommands;
  chaos?: ChaosSettings;
  simulateRate?: number;
}

/** The host name of `PUBLIC_BASE_URL`, when set: receivers fetch the confirmation links and certificates there. */
const publicHostOf = (config: ServiceConfig): string[] =>
  config.notifications.publicBaseUrl ? [new URL(config.notifications.publicBaseUrl).hostname] : [];

/** The sandbox's layer for `startServer`, made on the migrated database. */
export const sandboxServeLayer =
  (config: ServiceConfig, options: SandboxServeOptions) =>
  async (handle: DatabaseHandle): Promise<ServeLayer> => {
    const clock = await SandboxClock.open(handle.db);
    const chaos = options.chaos && new SandboxChaos(handle.db, options.chaos, clock.now);
    const app = sandboxLayer({
      db: handle.db,
      users: options.users,
      commands: options.commands,
      clock,
      chaos,
      simulateRate: options.simulateRate,
      hosts: [...config.sandboxHosts, ...publicHostOf(config)],
      network: !isLoopbackAddress(config.host),
    });
    return { app, clock: clock.now, network: chaos?.network.send, hosts: config.sandboxHosts };
  };
