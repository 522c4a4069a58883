/**
 * The sandbox's operations of the operator API: the organisations with the token of each of their
 * users, so that a developer's tools (`street-events listen`, the console) can act as any of them;
 * the commands of the command line run in the sandbox, on its database, for the command line of
 * another process (a PGlite data directory serves one process); and `triggerEvent`, an event of
 * any kind brought about for an organisation (trigger/). Registered only by `serve --sandbox`:
 * elsewhere the routes do not exist (`404`). An Operator token is needed even in the sandbox.
 */
import type { components } from '@street-events/types/operator';
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../db/database.js';
import { listOrganisations } from '../directory/organisations.js';
import { recorded } from '../features/writes/plugin.js';
import { serveOperatorDocument } from '../http/interface.js';
import type { Clock } from '../shared/clock.js';
import type { SandboxUser } from './seed/sandbox.js';
import { triggerEvent } from './trigger/trigger.js';

/** Runs a command line in the sandbox: what it printed and its exit code (the command line's own, cli/in-sandbox.ts). */
export type SandboxCommands = (argv: string[]) => Promise<components['schemas']['InternalSandboxCommandResult']>;

export interface SandboxRoutesOptions {
  db: Database;
  /** The sandbox's clock, which the events it triggers are recorded at. */
  clock?: Clock;
  /** The sandbox's users and their tokens (sandbox/seed/sandbox-tokens.ts). */
  users: readonly SandboxUser[];
  /** How the sandbox runs a command line; without it, `runSandboxCommand` is not served. */
  commands?: SandboxCommands;
}

export const sandboxRoutes: FastifyPluginCallback<SandboxRoutesOptions> = (
  app,
  { db, clock, users, commands },
  done,
) => {
  const usersOf = (name: string) =>
    users.filter((user) => user.organisation === name).map(({ username, role, token }) => ({ username, role, token }));
  serveOperatorDocument(app, {
    listSandboxOrganisations: async () => {
      const organisations = await listOrganisations(db);
      return {
        status: 200,
        body: {
          organisations: organisations.map(({ name, kind, swaCode }) => ({
            name,
            kind,
            swa_code: swaCode,
            users: usersOf(name),
          })),
        },
      };
    },
    triggerEvent: recorded(
      db,
      clock,
    )<'triggerEvent'>(async ({ body }, write) => {
      const { workReferenceNumber } = await triggerEvent(db, body, write);
      return { status: 201, body: { work_reference_number: workReferenceNumber } };
    }),
    ...(commands && {
      runSandboxCommand: async ({ body }) => ({ status: 200, body: await commands(body.argv) }),
    }),
  });
  done();
};
