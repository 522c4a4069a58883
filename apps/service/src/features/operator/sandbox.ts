/**
 * The sandbox's operation of the operator API (tag `sandbox`): the organisations with the token
 * of each of their users, so that a developer's tools (`street-events listen`, the console) can act
 * as any of them. Registered only by `serve --sandbox`: elsewhere the route does not exist (`404`).
 * An Operator token is needed even in the sandbox.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../../db/database.js';
import { listOrganisations } from '../../directory/organisations.js';
import type { SandboxUser } from '../../sandbox/seed/sandbox.js';
import { serveOperatorDocument } from '../../http/interface.js';

export interface SandboxRoutesOptions {
  db: Database;
  /** The sandbox's users and their tokens (seed/sandbox-tokens.ts). */
  users: readonly SandboxUser[];
}

export const sandboxRoutes: FastifyPluginCallback<SandboxRoutesOptions> = (app, { db, users }, done) => {
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
  });
  done();
};
