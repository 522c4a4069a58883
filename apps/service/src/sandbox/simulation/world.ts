/** The sandbox's organisations as stored: what the seed's history and the live simulation act on. */
import { requireOrganisation } from '../../directory/organisations.js';
import type { Database } from '../../db/database.js';
import { workstreams } from '../../db/schema.js';
import { actingUsernames } from './actors.js';
import {
  sandboxAuthorities,
  sandboxPromoters,
  type AuthorityDefinition,
  type PromoterDefinition,
} from './sandbox-world.js';

export interface SandboxWorld {
  promoters: { id: number; definition: PromoterDefinition }[];
  authorities: { id: number; definition: AuthorityDefinition }[];
  /** `<promoter id>/<prefix>` → workstream id */
  workstreamIds: Map<string, number>;
  /** Organisation id → usernames acting for it. */
  actors: Map<number, string[]>;
}

/** Throws NotFoundError when the sandbox has not been seeded. */
export async function loadSandboxWorld(db: Database): Promise<SandboxWorld> {
  const withIds = async <T extends { swaCode: string }>(definitions: T[]) =>
    Promise.all(
      definitions.map(async (definition) => ({
        id: (await requireOrganisation(db, definition.swaCode)).id,
        definition,
      })),
    );
  const rows = await db
    .select({ id: workstreams.id, promoterOrgId: workstreams.promoterOrgId, prefix: workstreams.prefix })
    .from(workstreams);
  return {
    promoters: await withIds(sandboxPromoters),
    authorities: await withIds(sandboxAuthorities),
    workstreamIds: new Map(rows.map((row) => [`${row.promoterOrgId}/${row.prefix}`, row.id])),
    actors: await actingUsernames(db),
  };
}
