/** Organisations: promoters, highway authorities and contractors. */
import { propertyConstraints } from '@street-events/types/operator';
import { asc, eq, or } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { organisations, workstreams, type OrganisationKind } from '../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';

export interface Organisation {
  id: number;
  kind: OrganisationKind;
  name: string;
  swaCode: string | null;
}

const organisationColumns = {
  id: organisations.id,
  kind: organisations.kind,
  name: organisations.name,
  swaCode: organisations.swaCode,
};

const swaCodePattern = new RegExp(propertyConstraints.InternalWorkSubmission.promoter_swa_code.pattern);
export const defaultWorkstreamPrefix = '000';

/** Creates an organisation; a promoter gets its default workstream `000`. */
export async function createOrganisation(
  db: Database,
  input: { kind: OrganisationKind; name: string; swaCode?: string | null },
): Promise<Organisation> {
  const swaCode = input.swaCode ?? null;
  if (swaCode === null ? input.kind !== 'contractor' : !swaCodePattern.test(swaCode)) {
    throw new ValidationError(
      'promoters and highway authorities need a swa_code of 1 to 4 letters or digits',
      'swa_code',
      { rule: 'pattern' },
    );
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organisations)
      .values({ kind: input.kind, name: input.name, swaCode })
      .onConflictDoNothing()
      .returning(organisationColumns);
    if (!created)
      throw new ConflictError(`an organisation named ${input.name} or with swa_code ${swaCode} exists already`);
    if (created.kind === 'promoter') {
      await tx
        .insert(workstreams)
        .values({ promoterOrgId: created.id, prefix: defaultWorkstreamPrefix, description: 'Default workstream' });
    }
    return created;
  });
}

export async function listOrganisations(db: Database): Promise<Organisation[]> {
  return db.select(organisationColumns).from(organisations).orderBy(asc(organisations.id));
}

/** The organisation whose swa_code or name is `codeOrName`, of the given kind when one is given. */
export async function requireOrganisation(
  db: Database,
  codeOrName: string,
  kind?: OrganisationKind,
): Promise<Organisation> {
  const [found] = await db
    .select(organisationColumns)
    .from(organisations)
    .where(or(eq(organisations.swaCode, codeOrName), eq(organisations.name, codeOrName)));
  if (!found) throw new NotFoundError(`no organisation ${codeOrName}`);
  if (kind && found.kind !== kind) throw new ValidationError(`${found.name} is a ${found.kind}, not a ${kind}`);
  return found;
}
