/**
 * The works the trigger acts on: a new, plausible work of the organisation (the simulation's
 * own kind of work, on one of the authority's streets), or one it names and takes part in.
 */
import type { Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { defaultWorkstreamPrefix, type Organisation } from '../../directory/organisations.js';
import type { AuditEventType, WorkCategory } from '../../shared/enums.js';
import { ConflictError } from '../../shared/errors.js';
import type { WriteOptions } from '../../events/record-events.js';
import { createWorksRecord, resubmitPermit, submitWork, type WorkSubmission } from '../../events/works.js';
import { newWorkSubmission } from '../simulation/new-works.js';
import type { Random } from '../simulation/random.js';
import {
  sandboxAuthorities,
  sandboxPromoters,
  type AuthorityDefinition,
  type PromoterDefinition,
} from '../simulation/sandbox-world.js';
import {
  contractedPromoters,
  organisationById,
  organisationsOfKind,
  permitOf,
  workOf,
  workstreamPrefixes,
  worksOf,
  type WorkInPlay,
} from './state.js';
import { withValues, type TriggerValues } from './values.js';

/** One trigger: what it is asked for, and how it writes. */
export interface Session {
  db: Database;
  random: Random;
  /** The acting user, the clock and the listener of every operation. */
  write: WriteOptions;
  now: Clock;
  organisation: Organisation;
  eventType: AuditEventType;
  /** Field values for the permit it submits, if any (checked first: see values.ts). */
  values?: TriggerValues;
}

export interface Parties {
  promoter: Organisation;
  authority: Organisation;
}

function pickOne<T>(random: Random, items: readonly T[], missing: string): T {
  if (items.length === 0) throw new ConflictError(missing);
  return random.pick(items);
}

/** The promoter and the highway authority of a new work or event of the organisation. */
export async function partiesOf(session: Session): Promise<Parties> {
  const { db, random, organisation } = session;
  const anyAuthority = async () =>
    pickOne(random, await organisationsOfKind(db, 'highway_authority'), 'there is no highway authority');
  switch (organisation.kind) {
    case 'promoter':
      return { promoter: organisation, authority: await anyAuthority() };
    case 'highway_authority':
      return {
        promoter: pickOne(random, await organisationsOfKind(db, 'promoter'), 'there is no promoter'),
        authority: organisation,
      };
    case 'contractor':
      return {
        promoter: pickOne(
          random,
          await contractedPromoters(db, organisation),
          `${organisation.name} holds no active contract with a promoter`,
        ),
        authority: await anyAuthority(),
      };
  }
}

const initialsOf = (name: string): string =>
  name
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 3) || 'W';

async function definitionsOf(
  db: Database,
  { promoter, authority }: Parties,
): Promise<{ promoter: PromoterDefinition; authority: AuthorityDefinition }> {
  const swaCode = promoter.swaCode ?? '';
  const known = sandboxPromoters.find((definition) => definition.swaCode === swaCode);
  const prefixes = await workstreamPrefixes(db, promoter.id);
  return {
    promoter: {
      name: promoter.name,
      swaCode,
      initials: known?.initials ?? initialsOf(promoter.name),
      trade: known?.trade ?? 'water',
      workstreams: prefixes
        .filter((prefix) => prefix !== defaultWorkstreamPrefix)
        .map((prefix) => ({ prefix, description: prefix })),
    },
    authority: sandboxAuthorities.find((definition) => definition.swaCode === authority.swaCode) ?? {
      name: authority.name,
      swaCode: authority.swaCode ?? '',
      streets: sandboxAuthorities[0]!.streets,
    },
  };
}

/**
 * A plausible new work of the parties (of the category when given). Its reference marks it as
 * the trigger's (`<initials><swa_code><prefix>T<serial>`), so it never takes a reference the
 * simulation counts on.
 */
async function submissionFor(session: Session, parties: Parties, at: Date, workCategory?: WorkCategory) {
  const definitions = await definitionsOf(session.db, parties);
  const serial = (await worksOf(session.db, parties.promoter.id)) + 1;
  const submission: WorkSubmission = newWorkSubmission(
    session.random,
    definitions.promoter,
    definitions.authority,
    serial,
    at,
    { workCategory },
  );
  const prefix = submission.workstream_prefix ?? defaultWorkstreamPrefix;
  submission.work_reference_number = `${definitions.promoter.initials}${definitions.promoter.swaCode}${prefix}T${String(serial).padStart(5, '0')}`;
  return submission;
}

/**
 * Submits a new work of the parties with its first permit; an immediate work starts on
 * submission unless `started` is false.
 */
export async function newWork(
  session: Session,
  parties: Parties,
  workCategory?: WorkCategory,
  write: WriteOptions = session.write,
  { started }: { started?: boolean } = {},
): Promise<WorkInPlay> {
  const at = (write.now ?? session.now)();
  const submission = withValues(await submissionFor(session, parties, at, workCategory), session.values);
  if (started === false) submission.started_on_submission = false;
  await submitWork(session.db, submission, write);
  return workOf(session.db, parties.promoter, submission.work_reference_number);
}

/** Records a new works record of the parties: a work without a permit. */
export async function newWorksRecord(session: Session, parties: Parties): Promise<WorkInPlay> {
  // The work's own fields of a new submission; its permit fields are not read.
  const record = await submissionFor(session, parties, session.now());
  await createWorksRecord(session.db, { eventType: session.eventType, record }, session.write);
  return workOf(session.db, parties.promoter, record.work_reference_number);
}

/**
 * permit_submitted on a named work: its refused permit submitted again, as a plausible
 * application of the same category, with the values given. Returns the work.
 */
export async function permitSubmittedAgain(session: Session, work: WorkInPlay): Promise<WorkInPlay> {
  const { db, values } = session;
  const parties = {
    promoter: await organisationById(db, work.promoterOrgId),
    authority: await organisationById(db, work.highwayAuthorityOrgId),
  };
  const category = values?.work_category ?? (await permitOf(db, work.workId))?.workCategory;
  const application = withValues(await submissionFor(session, parties, session.now(), category), values);
  await resubmitPermit(db, { workReferenceNumber: work.workReferenceNumber, application }, session.write);
  return work;
}
