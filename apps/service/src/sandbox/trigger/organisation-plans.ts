/**
 * Bringing about an organisation-level event: a contract added or removed (removed or added
 * first when the parties' contract is not in the state the event needs), a promoter's new
 * workstream, or an event noted about an object of the organisation — its own record
 * (object: its swa_code), a workstream, users, geographical areas, activities, subscriptions,
 * its fee matrix (`<swa_code>-USRnn`, `-GAnn`, `-ACTnn`, `-SUBnn`, `-FM01`), or a sample
 * inspection target of the current quarter (object: the quarter, regarding a promoter and an
 * authority). An event about an existing object (an update, a removal) names the latest one,
 * created first when there is none.
 */
import { addContract, removeContract } from '../../events/contracts.js';
import type { Organisation } from '../../directory/organisations.js';
import { quarterOf } from '../../domain/quarters.js';
import type { AuditEventType } from '../../shared/enums.js';
import { ConflictError, ValidationError } from '../../shared/errors.js';
import { recordOrganisationEvent } from '../../events/noted-events.js';
import { openWorkstream, workstreamReference } from '../../events/workstreams.js';
import type { OrganisationObjectType } from './kinds.js';
import {
  hasActiveContract,
  latestObjectReference,
  objectsNamed,
  organisationsOfKind,
  workstreamPrefixes,
} from './state.js';
import { partiesOf, type Session } from './works.js';

/** Objects an organisation has several of: their tag and the event that creates one. */
const numbered: Partial<Record<OrganisationObjectType, { tag: string; opening: AuditEventType }>> = {
  user: { tag: 'USR', opening: 'user_invited' },
  geographical_area: { tag: 'GA', opening: 'geographical_area_created' },
  activity: { tag: 'ACT', opening: 'activity_submitted' },
  event_subscription: { tag: 'SUB', opening: 'event_subscription_created' },
};

function refuse(session: Session, what: string): never {
  throw new ValidationError(
    `${session.eventType} is an event of ${what}; ${session.organisation.name} is a ${session.organisation.kind.replace('_', ' ')}`,
    'organisation',
    { rule: 'enum' },
  );
}

/** organisation_contract_added / _removed, between the organisation and a counterpart picked at random. */
export async function contract(session: Session, change: 'added' | 'removed'): Promise<void> {
  const { db, random, organisation, write } = session;
  if (organisation.kind === 'highway_authority') refuse(session, 'a contractor and a promoter');
  const counterparts = await organisationsOfKind(db, organisation.kind === 'promoter' ? 'contractor' : 'promoter');
  if (counterparts.length === 0)
    throw new ConflictError(`there is no organisation to contract with ${organisation.name}`);
  const pairs = await Promise.all(
    counterparts.map(async (counterpart) => {
      const [contractor, promoter] =
        organisation.kind === 'promoter' ? [counterpart, organisation] : [organisation, counterpart];
      return { contractor, promoter, active: await hasActiveContract(db, contractor.id, promoter.id) };
    }),
  );
  const ready = pairs.filter((pair) => pair.active === (change === 'removed'));
  const pair = random.pick(ready.length > 0 ? ready : pairs);
  const parties = { contractor: pair.contractor.name, promoter: pair.promoter.name };
  if (ready.length === 0) await (change === 'added' ? removeContract : addContract)(db, parties, write);
  await (change === 'added' ? addContract : removeContract)(db, parties, write);
}

/** workstream_created: the promoter opens its next workstream. */
export async function workstreamCreated(session: Session): Promise<void> {
  const { organisation } = session;
  if (organisation.kind !== 'promoter') refuse(session, 'a promoter');
  await openWorkstream(
    session.db,
    { promoter: organisation.name, description: 'Workstream opened in the sandbox' },
    session.write,
  );
}

/** The organisation in the column of its kind; a contractor's own events regard no subscription. */
function scopeOf(session: Session, organisation: Organisation) {
  if (organisation.kind === 'contractor') refuse(session, 'a promoter or a highway authority');
  const own = organisation.kind === 'promoter';
  return { promoterOrgId: own ? organisation.id : null, highwayAuthorityOrgId: own ? null : organisation.id };
}

/** The object an organisation-level noted event is about. */
async function objectOf(session: Session, objectType: OrganisationObjectType): Promise<string> {
  const { db, organisation, eventType } = session;
  const code = organisation.swaCode ?? organisation.name;
  switch (objectType) {
    case 'organisation':
      return code;
    case 'workstream': {
      if (organisation.kind !== 'promoter') refuse(session, 'a promoter');
      const prefixes = await workstreamPrefixes(db, organisation.id);
      return workstreamReference(code, prefixes.at(-1) ?? '000');
    }
    case 'fee_matrix':
      return `${code}-FM01`;
  }
  const { tag, opening } = numbered[objectType]!;
  const owner = { organisationId: organisation.id };
  const fresh = async () => `${code}-${tag}${String((await objectsNamed(db, owner, objectType)) + 1).padStart(2, '0')}`;
  if (eventType === opening) return fresh();
  const latest = await latestObjectReference(db, owner, objectType);
  if (latest !== undefined) return latest;
  // Nothing to update or remove yet: it is created first.
  const created = await fresh();
  await recordOrganisationEvent(
    db,
    { ...scopeOf(session, organisation), event: noted(opening, objectType, created) },
    session.write,
  );
  return created;
}

const noted = (eventType: AuditEventType, objectType: OrganisationObjectType, reference: string) => ({
  eventType,
  objectType,
  objectReferenceNumber: reference,
  parentObjectReferenceNumber: null,
});

/** An organisation-level event noted about an object of the organisation (or a sample inspection target). */
export async function notedOrganisationEvent(session: Session, objectType: OrganisationObjectType): Promise<void> {
  const { db, eventType, write } = session;
  if (objectType === 'sample_inspection_target') {
    const { promoter, authority } = await partiesOf(session);
    const event = noted(eventType, objectType, quarterOf(session.now()));
    await recordOrganisationEvent(
      db,
      { promoterOrgId: promoter.id, highwayAuthorityOrgId: authority.id, event },
      write,
    );
    return;
  }
  const scope = scopeOf(session, session.organisation);
  const event = noted(eventType, objectType, await objectOf(session, objectType));
  await recordOrganisationEvent(db, { ...scope, event }, write);
}
