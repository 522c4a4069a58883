/** Workstreams: a promoter's divisions of its works, named by a three-digit prefix. */
import type { Database } from '../db/database.js';
import { workstreams } from '../db/schema.js';
import { ConflictError, ValidationError } from '../shared/errors.js';
import { requireOrganisation } from './organisations.js';

export async function createWorkstream(
  db: Database,
  input: { promoter: string; prefix: string; description: string },
): Promise<{ id: number; prefix: string }> {
  if (!/^\d{3}$/.test(input.prefix))
    throw new ValidationError('a workstream prefix is three digits', 'workstream_prefix', { rule: 'pattern' });
  const promoter = await requireOrganisation(db, input.promoter, 'promoter');
  const [created] = await db
    .insert(workstreams)
    .values({ promoterOrgId: promoter.id, prefix: input.prefix, description: input.description })
    .onConflictDoNothing()
    .returning({ id: workstreams.id, prefix: workstreams.prefix });
  if (!created) throw new ConflictError(`${promoter.name} has a workstream ${input.prefix} already`);
  return created;
}
