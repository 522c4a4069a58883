/**
 * The sandbox's operations of the operator API (tag `sandbox`): the organisations with the token
 * of each of their users, so that a developer's tools (`street-events listen`, the console) can act
 * as any of them; and the commands of the command line run in the sandbox, on its database, for
 * the command line of another process (a PGlite data directory serves one process). Registered
 * only by `serve --sandbox`: elsewhere the routes do not exist (`404`). An Operator token is
 * needed even in the sandbox.
 */
import type { components } from '@street-events/types/operator';
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../../db/database.js';
import { listOrganisations } from '../../directory/organisations.js';
import type { SandboxUser } from '../../sandbox/seed/sandbox.js';
import { serveOperatorDocument } from '../../http/interface.js';

/** Runs a command line in the sandbox: what it printed and its exit code (the command line's own, cli/in-sandbox.ts). */
export type SandboxCommands = (argv: string[]) => Promise<components['schemas']['InternalSandboxCommandResult']>;

export interface SandboxRoutesOptions {
  db: Database;
  /** The sandbox's users and their tokens (sandbox/seed/sandbox-tokens.ts). */
  users: readonly SandboxUser[];
  /** How the sandbox runs a command line; without it, `runSandboxCommand` is not served. */
  commands?: SandboxCommands;
}

export const sandboxRoutes: FastifyPluginCallback<SandboxRoutesOptions> = (app, { db, users, commands }, done) => {
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
    ...(commands && {
      runSandboxCommand: async ({ body }) => ({ status: 200, body: await commands(body.argv) }),
    }),
  });
  done();
};
