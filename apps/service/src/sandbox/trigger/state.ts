/** What the trigger reads before it acts: organisations, a work's permit and records, what was recorded before. */
import { and, asc, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  auditEvents,
  changeRequests,
  contracts,
  endedSampleInspectionQuarters,
  organisations,
  permits,
  workObjects,
  works,
  workstreams,
  type ChangeRequestKind,
  type ChangeRequestStatus,
  type OrganisationKind,
} from '../../db/schema.js';
import type { Organisation } from '../../directory/organisations.js';
import type { PermitRow } from '../../domain/permits.js';
import type { AuditEventType, AuditObjectType } from '../../shared/enums.js';
import { NotFoundError } from '../../shared/errors.js';

const organisationColumns = {
  id: organisations.id,
  kind: organisations.kind,
  name: organisations.name,
  swaCode: organisations.swaCode,
};

export function organisationsOfKind(db: Database, kind: OrganisationKind): Promise<Organisation[]> {
  return db
    .select(organisationColumns)
    .from(organisations)
    .where(eq(organisations.kind, kind))
    .orderBy(asc(organisations.id));
}

export async function organisationById(db: Database, id: number): Promise<Organisation> {
  const [found] = await db.select(organisationColumns).from(organisations).where(eq(organisations.id, id));
  if (!found) throw new NotFoundError(`no organisation ${id}`);
  return found;
}

/** The promoters a contractor holds active contracts with. */
export function contractedPromoters(db: Database, contractor: Organisation): Promise<Organisation[]> {
  return db
    .select(organisationColumns)
    .from(contracts)
    .innerJoin(organisations, eq(organisations.id, contracts.promoterOrgId))
    .where(and(eq(contracts.contractorOrgId, contractor.id), eq(contracts.status, 'active')))
    .orderBy(asc(organisations.id));
}

/** Whether the contractor holds an active contract with the promoter. */
export async function hasActiveContract(db: Database, contractorOrgId: number, promoterOrgId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .where(
      and(
        eq(contracts.contractorOrgId, contractorOrgId),
        eq(contracts.promoterOrgId, promoterOrgId),
        eq(contracts.status, 'active'),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export interface WorkInPlay {
  workId: number;
  workReferenceNumber: string;
  promoterOrgId: number;
  highwayAuthorityOrgId: number;
}

/** The work, if the organisation takes part in it: its promoter, its authority, or a contractor of its promoter. */
export async function workOf(
  db: Database,
  organisation: Organisation,
  workReferenceNumber: string,
): Promise<WorkInPlay> {
  const [work] = await db
    .select({
      workId: works.id,
      workReferenceNumber: works.workReferenceNumber,
      promoterOrgId: works.promoterOrgId,
      highwayAuthorityOrgId: works.highwayAuthorityOrgId,
    })
    .from(works)
    .where(eq(works.workReferenceNumber, workReferenceNumber));
  const takesPart =
    work !== undefined &&
    (work.promoterOrgId === organisation.id ||
      work.highwayAuthorityOrgId === organisation.id ||
      (organisation.kind === 'contractor' && (await hasActiveContract(db, organisation.id, work.promoterOrgId))));
  if (!takesPart) {
    throw new NotFoundError(`${organisation.name} has no work ${workReferenceNumber}`, 'work_reference_number');
  }
  return work;
}

/** The work's permit (its latest), or undefined for a works record. */
export async function permitOf(db: Database, workId: number): Promise<PermitRow | undefined> {
  const [permit] = await db.select().from(permits).where(eq(permits.workId, workId)).orderBy(desc(permits.id)).limit(1);
  return permit;
}

/** The work's latest record of the type, in one of the statuses when they are given. */
export async function latestRecord(
  db: Database,
  workId: number,
  objectType: AuditObjectType,
  statuses?: readonly string[],
): Promise<{ reference: string; status: string; createdAt: Date } | undefined> {
  const rows = await db
    .select({ reference: workObjects.reference, status: workObjects.status, createdAt: workObjects.createdAt })
    .from(workObjects)
    .where(and(eq(workObjects.workId, workId), eq(workObjects.objectType, objectType)))
    .orderBy(desc(workObjects.id));
  return rows.find((row) => statuses === undefined || statuses.includes(row.status));
}

/** The permit's latest request of the kind in the status. */
export async function latestChangeRequest(
  db: Database,
  permitId: number,
  kind: ChangeRequestKind,
  status: ChangeRequestStatus,
): Promise<string | undefined> {
  const [request] = await db
    .select({ reference: changeRequests.reference })
    .from(changeRequests)
    .where(and(eq(changeRequests.permitId, permitId), eq(changeRequests.kind, kind), eq(changeRequests.status, status)))
    .orderBy(desc(changeRequests.id))
    .limit(1);
  return request?.reference;
}

/** Whether an event of the kind was recorded about the object. */
export async function wasRecorded(db: Database, objectReferenceNumber: string, eventType: AuditEventType) {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectReferenceNumber, objectReferenceNumber), eq(auditEvents.eventType, eventType)));
  return (row?.n ?? 0) > 0;
}

/** Where the events of a work, or the organisation-level events of an organisation, are. */
export type EventOwner = { workId: number } | { organisationId: number };

const ownedBy = (owner: EventOwner) =>
  'workId' in owner
    ? eq(auditEvents.workId, owner.workId)
    : and(
        isNull(auditEvents.workId),
        or(
          eq(auditEvents.promoterOrgId, owner.organisationId),
          eq(auditEvents.highwayAuthorityOrgId, owner.organisationId),
        ),
      );

/** The object of the owner's latest event about an object of the type. */
export async function latestObjectReference(
  db: Database,
  owner: EventOwner,
  objectType: AuditObjectType,
): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: auditEvents.objectReferenceNumber })
    .from(auditEvents)
    .where(and(ownedBy(owner), eq(auditEvents.objectType, objectType)))
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row?.reference ?? undefined;
}

/** How many objects of the type the owner's events name. */
export async function objectsNamed(db: Database, owner: EventOwner, objectType: AuditObjectType): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${auditEvents.objectReferenceNumber})::int` })
    .from(auditEvents)
    .where(and(ownedBy(owner), eq(auditEvents.objectType, objectType)));
  return row?.n ?? 0;
}

/** The promoter's workstream prefixes, in order. */
export async function workstreamPrefixes(db: Database, promoterOrgId: number): Promise<string[]> {
  const rows = await db
    .select({ prefix: workstreams.prefix })
    .from(workstreams)
    .where(eq(workstreams.promoterOrgId, promoterOrgId))
    .orderBy(asc(workstreams.prefix));
  return rows.map((row) => row.prefix);
}

/** How many works the promoter has. */
export async function worksOf(db: Database, promoterOrgId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(works).where(eq(works.promoterOrgId, promoterOrgId));
  return row?.n ?? 0;
}

/** The quarters the authority has ended. */
export async function endedQuarters(db: Database, highwayAuthorityOrgId: number): Promise<Set<string>> {
  const rows = await db
    .select({ quarter: endedSampleInspectionQuarters.quarter })
    .from(endedSampleInspectionQuarters)
    .where(eq(endedSampleInspectionQuarters.highwayAuthorityOrgId, highwayAuthorityOrgId));
  return new Set(rows.map((row) => row.quarter));
}
