/**
 * What it takes to bring about each kind of event: the operation of the event source that
 * records it, and what that operation needs first. Kinds the domain keeps state for go through
 * their own operation (a permit transition, a record's lifecycle, a change request, a quarter,
 * a contract); the others are events noted about an object of the type their name gives.
 * Every kind of the interface's enumeration has a plan (the trigger's tests go through them all).
 */
import type { ChangeRequestKind, ChangeRequestStatus } from '../../db/schema.js';
import { permitEventTypes, type PermitEventType } from '../../domain/permits.js';
import { workObjectLifecycles, type WorkObjectType } from '../../domain/work-object-lifecycles.js';
import type { AuditEventType, AuditObjectType } from '../../shared/enums.js';
import { changeRequestEventOf } from '../../events/change-requests.js';
import { worksRecordEventTypes } from '../../events/works.js';

/** Records of a work the service keeps no row of: events about them are noted on the work. */
export type NotedRecordType = 'site' | 'material_classification';

/** Objects of an organisation the service keeps no state of. */
export type OrganisationObjectType = Extract<
  AuditObjectType,
  | 'organisation'
  | 'workstream'
  | 'user'
  | 'geographical_area'
  | 'sample_inspection_target'
  | 'fee_matrix'
  | 'event_subscription'
  | 'activity'
>;

export type Plan =
  /** A new work with its first permit. */
  | { kind: 'submission' }
  /** A works record: a new work without a permit. */
  | { kind: 'works_record' }
  | { kind: 'permit'; eventType: PermitEventType }
  | { kind: 'open_record'; objectType: WorkObjectType }
  | { kind: 'advance_record'; objectType: WorkObjectType }
  /** Submitting or deciding an alteration or change request. */
  | { kind: 'change_request'; changeKind: ChangeRequestKind; status: ChangeRequestStatus }
  /** Noted about a request granted by `grantedBy` (revoked, a duration challenge answered). */
  | { kind: 'noted_change_request'; changeKind: ChangeRequestKind; grantedBy: AuditEventType }
  | { kind: 'noted_permit'; needs: PermitNeed }
  | { kind: 'noted_record'; objectType: NotedRecordType }
  /** Noted about the work itself. */
  | { kind: 'noted_work' }
  /** Ending a sample inspection quarter (the expiries, then the end); or reverting the end. */
  | { kind: 'quarter_end' }
  | { kind: 'quarter_end_reverted' }
  | { kind: 'contract'; change: 'added' | 'removed' }
  | { kind: 'workstream_created' }
  | { kind: 'noted_organisation'; objectType: OrganisationObjectType };

/** What a permit must be, or have been, for a noted permit event. */
export type PermitNeed =
  | { kind: 'active' }
  | { kind: 'awaiting_assessment' }
  | { kind: 'granted_by'; eventType: PermitEventType }
  | { kind: 'non_compliance' }
  | { kind: 'hs2' };

export const organisationLevel = (plan: Plan): boolean =>
  plan.kind === 'contract' ||
  plan.kind === 'workstream_created' ||
  plan.kind === 'noted_organisation' ||
  plan.kind === 'quarter_end_reverted';

/** Names of noted kinds, by how they begin, and the type of the object they are about. */
const notedPrefixes: readonly (readonly [string, AuditObjectType])[] = [
  ['permit_', 'permit'],
  ['lane_rental_', 'permit'],
  ['excavation_', 'permit'],
  ['current_traffic_management_', 'permit'],
  ['alteration_', 'change_request'],
  ['change_request_', 'change_request'],
  ['site_', 'site'],
  ['material_classification_', 'material_classification'],
  ['historic_', 'work'],
  ['support_desk_', 'work'],
  ['file_', 'work'],
  ['organisation_', 'organisation'],
  ['workstream_', 'workstream'],
  ['user_', 'user'],
  ['geographical_area_', 'geographical_area'],
  ['sample_inspection_', 'sample_inspection_target'],
  ['fee_matrix_', 'fee_matrix'],
  ['event_subscription_', 'event_subscription'],
  ['activity_', 'activity'],
];

const recordOpenings = new Map<AuditEventType, WorkObjectType>();
const recordTransitions = new Map<AuditEventType, WorkObjectType>();
for (const [objectType, lifecycle] of Object.entries(workObjectLifecycles) as [
  WorkObjectType,
  { opening: object; transitions: object },
][]) {
  for (const eventType of Object.keys(lifecycle.opening)) recordOpenings.set(eventType as AuditEventType, objectType);
  for (const eventType of Object.keys(lifecycle.transitions))
    recordTransitions.set(eventType as AuditEventType, objectType);
}

/** The plan of each kind the domain keeps state for, before the noted ones. */
function statefulPlan(eventType: AuditEventType): Plan | undefined {
  switch (eventType) {
    case 'permit_submitted':
      return { kind: 'submission' };
    // The interface's expiry comes with the end of the quarter (its second property of notifications).
    case 'sample_inspection_expired':
    case 'sample_inspection_quarter_ended':
      return { kind: 'quarter_end' };
    case 'sample_inspection_quarter_end_reverted':
      return { kind: 'quarter_end_reverted' };
    case 'organisation_contract_added':
      return { kind: 'contract', change: 'added' };
    case 'organisation_contract_removed':
      return { kind: 'contract', change: 'removed' };
    case 'workstream_created':
      return { kind: 'workstream_created' };
  }
  if (worksRecordEventTypes.includes(eventType)) return { kind: 'works_record' };
  if ((permitEventTypes as readonly string[]).includes(eventType))
    return { kind: 'permit', eventType: eventType as PermitEventType };
  const opened = recordOpenings.get(eventType);
  if (opened) return { kind: 'open_record', objectType: opened };
  const advanced = recordTransitions.get(eventType);
  if (advanced) return { kind: 'advance_record', objectType: advanced };
  const request = changeRequestEventOf(eventType);
  if (request) return { kind: 'change_request', changeKind: request.kind, status: request.status };
  return undefined;
}

function permitNeed(eventType: AuditEventType): PermitNeed {
  if (eventType.startsWith('permit_duration_challenge_'))
    return { kind: 'granted_by', eventType: 'permit_granted_with_duration_challenge' };
  if (eventType === 'permit_under_assessment') return { kind: 'awaiting_assessment' };
  if (eventType === 'permit_linked_to_non_compliance') return { kind: 'non_compliance' };
  if (eventType === 'permit_hs2_acknowledged') return { kind: 'hs2' };
  return { kind: 'active' };
}

function notedPlan(eventType: AuditEventType, objectType: AuditObjectType): Plan {
  switch (objectType) {
    case 'permit':
      return { kind: 'noted_permit', needs: permitNeed(eventType) };
    case 'change_request': {
      const changeKind: ChangeRequestKind = eventType.startsWith('alteration_') ? 'alteration' : 'change_request';
      const challenged = eventType.includes('_duration_challenge_');
      const grantedBy = `${changeKind}_granted${challenged ? '_with_duration_challenge' : ''}` as AuditEventType;
      return { kind: 'noted_change_request', changeKind, grantedBy };
    }
    case 'site':
    case 'material_classification':
      return { kind: 'noted_record', objectType };
    case 'work':
      return { kind: 'noted_work' };
    default:
      return { kind: 'noted_organisation', objectType: objectType as OrganisationObjectType };
  }
}

/** The plan that brings about an event of this kind; throws for a kind no plan covers. */
export function planOf(eventType: AuditEventType): Plan {
  const stateful = statefulPlan(eventType);
  if (stateful) return stateful;
  const noted = notedPrefixes.find(([prefix]) => eventType.startsWith(prefix));
  if (!noted) throw new Error(`no way to bring about ${eventType}`);
  return notedPlan(eventType, noted[1]);
}
