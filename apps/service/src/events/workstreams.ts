/**
 * A promoter opening a new workstream: the workstream with the next free prefix, and
 * workstream_created, an organisation-level event of the promoter (object: `<swa_code>-<prefix>`).
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { workstreams } from '../db/schema.js';
import { requireOrganisation } from '../directory/organisations.js';
import { createWorkstream } from '../directory/workstreams.js';
import { ConflictError } from '../shared/errors.js';
import { eventContext, organisationScope, recordEvents, type WriteOptions } from './record-events.js';

/** A workstream's reference in events: the promoter's swa_code and the prefix. */
export const workstreamReference = (swaCode: string, prefix: string): string => `${swaCode}-${prefix}`;

export async function openWorkstream(
  db: Database,
  input: { promoter: string; description: string },
  options: WriteOptions = {},
): Promise<{ prefix: string }> {
  const context = eventContext(options);
  return db.transaction(async (tx) => {
    const promoter = await requireOrganisation(tx, input.promoter, 'promoter');
    const [last] = await tx
      .select({ prefix: workstreams.prefix })
      .from(workstreams)
      .where(eq(workstreams.promoterOrgId, promoter.id))
      .orderBy(desc(workstreams.prefix))
      .limit(1);
    const next = Number(last?.prefix ?? '000') + 1;
    if (next > 999) throw new ConflictError(`${promoter.name} has used every workstream prefix`);
    const prefix = String(next).padStart(3, '0');
    await createWorkstream(tx, { promoter: promoter.name, prefix, description: input.description });
    await recordEvents(tx, organisationScope({ promoterOrgId: promoter.id, highwayAuthorityOrgId: null }), context, [
      {
        eventType: 'workstream_created',
        objectType: 'workstream',
        objectReferenceNumber: workstreamReference(promoter.swaCode ?? promoter.name, prefix),
        parentObjectReferenceNumber: null,
      },
    ]);
    return { prefix };
  });
}
