/**
 * The sandbox's operation of the internal operator API (tag `sandbox`): the organisations with
 * the token of each of their users, so that a developer's tools (`street-events listen`, the
 * console) can act as any of them. Registered only by `serve --sandbox`: elsewhere the route
 * does not exist (`404`). An Operator token is needed even in the sandbox.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { Database } from '../../db/database.js';
import { listOrganisations } from '../../directory/organisations.js';
import type { components } from '@street-events/types/operator';
import type { SandboxUser } from '../../seed/sandbox.js';
import { registerTagged } from './deliveries.js';

export interface SandboxRoutesOptions {
  db: Database;
  /** The sandbox's users and their tokens (seed/sandbox-tokens.ts). */
  users: readonly SandboxUser[];
}

export const sandboxRoutes: FastifyPluginCallback<SandboxRoutesOptions> = (app, { db, users }, done) => {
  registerTagged(app, 'sandbox', {
    listSandboxOrganisations: async () => {
      const organisations = await listOrganisations(db);
      return {
        organisations: organisations.map((organisation) => ({
          name: organisation.name,
          kind: organisation.kind,
          swa_code: organisation.swaCode,
          users: users
            .filter((user) => user.organisation === organisation.name)
            .map(({ username, role, token }) => ({ username, role, token })),
        })),
      } satisfies components['schemas']['InternalSandboxOrganisationList'];
    },
  });
  done();
};
