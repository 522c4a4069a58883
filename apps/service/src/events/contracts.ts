/**
 * Contracts between a contractor and the promoters it acts for. Adding and removing one
 * records organisation_contract_added / organisation_contract_removed: organisation-level
 * events of the promoter (object: the promoter's swa_code), notified but not polled.
 */
import type { components } from '@street-events/types/operator';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { announceCredentialsChanged } from '../directory/tokens.js';
import type { Database } from '../db/database.js';
import { contracts, organisations } from '../db/schema.js';
import type { AuditEventType } from '../shared/enums.js';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import {
  eventContext,
  organisationScope,
  recordEvents,
  type EventContext,
  type WriteOptions,
} from './record-events.js';
import { extendCoverage, withdrawCoverage } from '../deliveries/queue/coverage.js';
import { requireOrganisation, type Organisation } from '../directory/organisations.js';

export interface Contract {
  contractor: string;
  promoter: string;
  promoterSwaCode: string | null;
  status: 'active' | 'removed';
}

/** The contractor and the promoter, each by its swa_code or name, as the operator document's `addContract` takes them. */
export type ContractParties = components['schemas']['InternalContract'];

async function recordContractEvent(
  tx: Database,
  promoter: Organisation,
  context: EventContext,
  eventType: AuditEventType,
) {
  await recordEvents(tx, organisationScope({ promoterOrgId: promoter.id, highwayAuthorityOrgId: null }), context, [
    {
      eventType,
      objectType: 'organisation',
      objectReferenceNumber: promoter.swaCode,
      parentObjectReferenceNumber: null,
    },
  ]);
}

/** Runs `change` in a transaction with the contractor and the promoter, named by name or swa_code. */
async function changeContract(
  db: Database,
  input: ContractParties,
  options: WriteOptions,
  change: (
    tx: Database,
    parties: { contractor: Organisation; promoter: Organisation },
    context: EventContext,
  ) => Promise<void>,
): Promise<void> {
  const context = eventContext(options);
  await db.transaction(async (tx) => {
    const contractor = await requireOrganisation(tx, input.contractor, 'contractor');
    const promoter = await requireOrganisation(tx, input.promoter, 'promoter');
    await change(tx, { contractor, promoter }, context);
    // A contractor's caller lists its active contracts: cached callers are out of date.
    await announceCredentialsChanged(tx);
  });
}

export async function addContract(db: Database, input: ContractParties, options: WriteOptions = {}): Promise<void> {
  await changeContract(db, input, options, async (tx, { contractor, promoter }, context) => {
    const [added] = await tx
      .insert(contracts)
      .values({ contractorOrgId: contractor.id, promoterOrgId: promoter.id, createdAt: context.at })
      .onConflictDoNothing()
      .returning({ id: contracts.id });
    if (!added) throw new ConflictError(`${contractor.name} holds an active contract with ${promoter.name} already`);
    await extendCoverage(tx, contractor.id, promoter.id);
    await recordContractEvent(tx, promoter, context, 'organisation_contract_added');
  });
}

export async function removeContract(db: Database, input: ContractParties, options: WriteOptions = {}): Promise<void> {
  await changeContract(db, input, options, async (tx, { contractor, promoter }, context) => {
    const [removed] = await tx
      .update(contracts)
      .set({ status: 'removed', removedAt: context.at })
      .where(
        and(
          eq(contracts.contractorOrgId, contractor.id),
          eq(contracts.promoterOrgId, promoter.id),
          eq(contracts.status, 'active'),
        ),
      )
      .returning({ id: contracts.id });
    if (!removed) throw new NotFoundError(`${contractor.name} holds no active contract with ${promoter.name}`);
    await withdrawCoverage(tx, contractor.id, promoter.id);
    await recordContractEvent(tx, promoter, context, 'organisation_contract_removed');
  });
}

export async function listContracts(db: Database): Promise<Contract[]> {
  const contractor = alias(organisations, 'contractor');
  return db
    .select({
      contractor: contractor.name,
      promoter: organisations.name,
      promoterSwaCode: organisations.swaCode,
      status: contracts.status,
    })
    .from(contracts)
    .innerJoin(contractor, eq(contractor.id, contracts.contractorOrgId))
    .innerJoin(organisations, eq(organisations.id, contracts.promoterOrgId))
    .orderBy(asc(contracts.id));
}
