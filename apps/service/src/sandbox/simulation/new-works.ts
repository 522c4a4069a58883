/** Plausible new works for the sandbox: where, what, when and under which permit category. */
import type { TrafficManagementType, WorkCategory } from '../../shared/enums.js';
import { isImmediate } from '../../domain/permits.js';
import type { WorkSubmission } from '../../events/works.js';
import type { Random } from './random.js';
import {
  activityTypesByTrade,
  workDescriptions,
  type AuthorityDefinition,
  type PromoterDefinition,
} from './sandbox-world.js';

const dayMs = 24 * 60 * 60 * 1000;

const categories: (readonly [WorkCategory, number])[] = [
  ['minor', 34],
  ['standard', 32],
  ['major', 8],
  ['immediate_urgent', 12],
  ['immediate_emergency', 6],
  ['paa', 8],
];

/** Days from submission to the proposed start, and the proposed duration in days, by category. */
const timing: Record<WorkCategory, { lead: [number, number]; duration: [number, number] }> = {
  immediate_urgent: { lead: [0, 0], duration: [1, 3] },
  immediate_emergency: { lead: [0, 0], duration: [1, 2] },
  minor: { lead: [3, 10], duration: [1, 3] },
  standard: { lead: [10, 30], duration: [3, 10] },
  major: { lead: [30, 90], duration: [10, 60] },
  paa: { lead: [90, 150], duration: [20, 90] },
  hs2_highway: { lead: [30, 90], duration: [10, 60] },
};

const trafficManagement: (readonly [TrafficManagementType, number])[] = [
  ['some_carriageway_incursion', 20],
  ['no_carriageway_incursion', 15],
  ['lane_closure', 18],
  ['two_way_signals', 18],
  ['multi_way_signals', 6],
  ['stop_go_boards', 6],
  ['give_and_take', 6],
  ['priority_working', 4],
  ['road_closure', 5],
  ['contra_flow', 1],
  ['convoy_workings', 1],
];

/** A promoter's work reference: initials, swa_code, workstream prefix and a six-digit serial. */
function sandboxWorkReference(promoter: PromoterDefinition, workstreamPrefix: string, serial: number): string {
  return `${promoter.initials}${promoter.swaCode}${workstreamPrefix}${String(serial).padStart(6, '0')}`;
}

/** A new work of the promoter on one of the authority's streets; `workCategory` chosen at random unless given. */
export function newWorkSubmission(
  random: Random,
  promoter: PromoterDefinition,
  authority: AuthorityDefinition,
  serial: number,
  at: Date,
  chosen: { workCategory?: WorkCategory } = {},
): WorkSubmission {
  const workstreamPrefix =
    random.next() < 0.6 || promoter.workstreams.length === 0 ? '000' : random.pick(promoter.workstreams).prefix;
  const place = random.pick(authority.streets);
  const workCategory = chosen.workCategory ?? random.weighted(categories);
  const { lead, duration } = timing[workCategory];
  // Immediate works start now; others at 08:00 some days ahead.
  const proposedStartDate = isImmediate(workCategory)
    ? at
    : new Date(startOfDay(at).getTime() + random.integer(...lead) * dayMs);
  const proposedEndDate = new Date(proposedStartDate.getTime() + random.integer(...duration) * dayMs - 1000);
  const [easting, northing] = place.at;
  const offset = () => random.integer(-400, 400) + random.integer(0, 9) / 10;
  const start: [number, number] = [easting + offset(), northing + offset()];
  const trafficManagementType = random.weighted(trafficManagement);
  const isLaneRental = place.roadCategory <= 2 && random.next() < 0.2;
  return {
    work_reference_number: sandboxWorkReference(promoter, workstreamPrefix, serial),
    promoter_swa_code: promoter.swaCode,
    highway_authority_swa_code: authority.swaCode,
    workstream_prefix: workstreamPrefix,
    street: place.street,
    town: place.town,
    area: place.area,
    usrn: place.usrn,
    road_category: place.roadCategory,
    works_coordinates: coordinatesFrom(random, start),
    location_description: `${place.street} near number ${random.integer(1, 240)}`,
    description_of_work: random.pick(workDescriptions[promoter.trade]),
    work_category: workCategory,
    traffic_management_type: trafficManagementType,
    activity_type: random.pick(activityTypesByTrade[promoter.trade]),
    proposed_start_date: proposedStartDate.toISOString(),
    proposed_end_date: proposedEndDate.toISOString(),
    is_traffic_sensitive: place.roadCategory <= 2 && random.next() < 0.4,
    excavation_carried_out: promoter.trade !== 'telecoms' || random.next() < 0.5,
    is_early_start: !isImmediate(workCategory) && random.next() < 0.05,
    is_high_impact_traffic_management:
      trafficManagementType === 'road_closure' || trafficManagementType === 'multi_way_signals',
    is_lane_rental: isLaneRental,
    lane_rental_charges_potentially_apply: isLaneRental,
    lane_rental_assessment_outcome: isLaneRental ? 'potentially_chargeable' : null,
    permit_conditions:
      random.next() < 0.3 ? [{ condition: 'NCT02a', comment: 'Work between 09:30 and 15:30 only' }] : [],
    started_on_submission: isImmediate(workCategory),
  };
}

/** Where the works are: at `start`, or (one in four) along a short line from it. */
function coordinatesFrom(random: Random, start: [number, number]): WorkSubmission['works_coordinates'] {
  if (random.next() < 0.75) return { type: 'Point', coordinates: start };
  return {
    type: 'LineString',
    coordinates: [start, [start[0] + random.integer(20, 120), start[1] + random.integer(-60, 60)]],
  };
}

function startOfDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), 8));
}
