/**
 * Any kind of event on demand, for an organisation: the sandbox's way to see each kind arrive
 * in polling and in notifications. The event is brought about through the event source, as the
 * simulation's activities and the operator API's routes are: on a new work of the organisation
 * (or one it names and takes part in) with whatever the event needs first — the permit
 * assessed, the work started, a record to move on, a request to decide — or, for an
 * organisation-level kind, on the organisation. The event asked for is the last one recorded,
 * but where the interface ties another to it: ending a quarter records the expiries, then
 * `sample_inspection_quarter_ended`; cancelling a permit holding ancillary information records
 * `ancillary_info_removed` after `permit_cancelled`. The permit it submits (a new work's, or, for
 * `permit_submitted` on a named work, its refused permit submitted again) takes the field values
 * it is given (values.ts).
 */
import type { components } from '@street-events/types/operator';
import { systemClock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { requireOrganisation } from '../../directory/organisations.js';
import { isImmediate } from '../../domain/permits.js';
import type { AuditEventType } from '../../shared/enums.js';
import { NotFoundError, ValidationError } from '../../shared/errors.js';
import type { WriteOptions } from '../../events/record-events.js';
import { seededRandom, type Random } from '../simulation/random.js';
import { organisationLevel, planOf, type Plan } from './kinds.js';
import { contract, notedOrganisationEvent, workstreamCreated } from './organisation-plans.js';
import { quarterEnd, quarterEndReverted } from './quarters.js';
import { workOf, type WorkInPlay } from './state.js';
import { newWorkCategory, onWork } from './work-plans.js';
import { checkValues } from './values.js';
import { newWork, newWorksRecord, partiesOf, permitSubmittedAgain, type Session } from './works.js';

/** The event to bring about, for whom and on which work, as the operator document's `triggerEvent` takes it. */
export type TriggerRequest = components['schemas']['InternalTrigger'];

export interface TriggerOptions extends WriteOptions {
  /** The random choices (of places, categories, counterparts); by default seeded from the clock. */
  random?: Random;
}

/** Why the kind cannot take a work that is named, or undefined when it can. */
function refusesWork(plan: Plan, eventType: AuditEventType): string | undefined {
  if (organisationLevel(plan) || eventType === 'sample_inspection_quarter_ended')
    return 'is an organisation-level event';
  if (plan.kind === 'works_record') return 'creates its work';
  return undefined;
}

/** The organisation, its unknown name answered as a 404 naming the field. */
async function organisationNamed(db: Database, codeOrName: string) {
  try {
    return await requireOrganisation(db, codeOrName);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(error.message, 'organisation');
    throw error;
  }
}

/** The kind brought about for the session's organisation; returns the work involved, if any. */
async function bringAbout(
  session: Session,
  plan: Plan,
  named: WorkInPlay | undefined,
): Promise<WorkInPlay | undefined> {
  switch (plan.kind) {
    case 'contract':
      await contract(session, plan.change);
      return undefined;
    case 'workstream_created':
      await workstreamCreated(session);
      return undefined;
    case 'noted_organisation':
      await notedOrganisationEvent(session, plan.objectType);
      return undefined;
    case 'quarter_end':
      return quarterEnd(session, named);
    case 'quarter_end_reverted':
      return quarterEndReverted(session);
    case 'works_record':
      return newWorksRecord(session, await partiesOf(session));
    case 'submission':
      if (named) return permitSubmittedAgain(session, named);
      // Not started on submission, so that permit_submitted is the last event.
      return newWork(session, await partiesOf(session), session.values?.work_category, session.write, {
        started: false,
      });
  }
  if (named) {
    await onWork(session, plan, named);
    return named;
  }
  const category = session.values?.work_category ?? newWorkCategory(plan, session.eventType);
  const work = await newWork(session, await partiesOf(session), category);
  // An immediate work started on submission: permit_submitted, then work_start_logged.
  const started = session.eventType === 'work_start_logged' && category !== undefined && isImmediate(category);
  if (!started) await onWork(session, plan, work);
  return work;
}

/**
 * Brings about an event of the kind for the organisation, through the event source. Throws
 * NotFoundError for an unknown organisation or a work it takes no part in, ValidationError for
 * a work the kind cannot take, ConflictError when the work's state does not allow the event.
 */
export async function triggerEvent(
  db: Database,
  request: TriggerRequest,
  options: TriggerOptions = {},
): Promise<{ workReferenceNumber: string | null }> {
  const { event_type: eventType, work_reference_number: workReferenceNumber } = request;
  const plan = planOf(eventType);
  const organisation = await organisationNamed(db, request.organisation);
  const refusal = workReferenceNumber === undefined ? undefined : refusesWork(plan, eventType);
  if (refusal !== undefined) {
    throw new ValidationError(`${eventType} ${refusal}: leave out the work reference`, 'work_reference_number', {
      rule: 'additionalProperties',
    });
  }
  checkValues(plan, eventType, workReferenceNumber !== undefined, request.values);
  const named = workReferenceNumber === undefined ? undefined : await workOf(db, organisation, workReferenceNumber);
  const session: Session = {
    db,
    random: options.random ?? seededRandom(Date.now()),
    write: options,
    now: options.now ?? systemClock,
    organisation,
    eventType,
    values: request.values,
  };
  const work = await bringAbout(session, plan, named);
  return { workReferenceNumber: work?.workReferenceNumber ?? null };
}
