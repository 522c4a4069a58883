/**
 * The shortest ways to a state where an event may happen, searched in the domain's own rules:
 * the permit's state machine (src/domain/permits.ts) and the records' lifecycles
 * (src/domain/work-object-lifecycles.ts). Nothing is written here.
 */
import { applyPermitEvent, permitEventRefusal, type PermitEventType, type PermitState } from '../../domain/permits.js';
import {
  workObjectLifecycles,
  type OpeningEventType,
  type WorkObjectTransitionEventType,
  type WorkObjectType,
} from '../../domain/work-object-lifecycles.js';
import type { AuditEventType } from '../../shared/enums.js';

/** The permit events a permit goes through on its way: assessed, started, stopped, given ancillary information. */
const preparatoryPermitEvents: readonly PermitEventType[] = [
  'permit_granted',
  'work_start_logged',
  'work_stop_logged',
  'ancillary_info_added',
];

const maxSteps = 4;

const permitKey = (state: PermitState) =>
  [state.status, state.workStatus, state.isActivePermit, state.ancillaryInfoCount > 0].join('/');

/** The fewest preparatory events after which `goal` holds, or null when none lead there. */
export function permitPath(
  start: PermitState,
  goal: (state: PermitState) => boolean,
  at: Date,
): PermitEventType[] | null {
  let frontier: { state: PermitState; path: PermitEventType[] }[] = [{ state: start, path: [] }];
  const seen = new Set([permitKey(start)]);
  for (let step = 0; step <= maxSteps; step += 1) {
    const found = frontier.find(({ state }) => goal(state));
    if (found) return found.path;
    frontier = frontier.flatMap(({ state, path }) =>
      preparatoryPermitEvents
        .filter((eventType) => permitEventRefusal(state, eventType) === null)
        .map((eventType) => ({
          state: { ...state, ...applyPermitEvent(state, eventType, at).changes },
          path: [...path, eventType],
        }))
        .filter(({ state: next }) => !seen.has(permitKey(next)) && seen.add(permitKey(next))),
    );
  }
  return null;
}

/** A goal: the permit may take `eventType`. */
export const allows =
  (eventType: PermitEventType) =>
  (state: PermitState): boolean =>
    permitEventRefusal(state, eventType) === null;

interface Transition {
  from: readonly string[];
  to?: string;
}

/** The statuses of a record of the type in which `eventType` applies. */
export function statusesAllowing(objectType: WorkObjectType, eventType: AuditEventType): readonly string[] {
  const target = (workObjectLifecycles[objectType].transitions as Record<string, Transition>)[eventType];
  if (!target) throw new Error(`${eventType} does not move a ${objectType} on`);
  return target.from;
}

/**
 * How to make a new record of the type that `eventType` may move on: the event opening it and
 * the transitions before `eventType` (statuses it leaves unchanged are not ways forward).
 */
export function recordPath(
  objectType: WorkObjectType,
  eventType: AuditEventType,
): { opening: OpeningEventType<WorkObjectType>; transitions: WorkObjectTransitionEventType[] } {
  const lifecycle = workObjectLifecycles[objectType];
  const transitions = Object.entries(lifecycle.transitions as Record<string, Transition>);
  const from = statusesAllowing(objectType, eventType);
  let frontier = Object.entries(lifecycle.opening as Record<string, string>).map(([opening, status]) => ({
    opening: opening as OpeningEventType<WorkObjectType>,
    status,
    path: [] as WorkObjectTransitionEventType[],
  }));
  const seen = new Set(frontier.map(({ status }) => status));
  while (frontier.length > 0) {
    const found = frontier.find(({ status }) => from.includes(status));
    if (found) return { opening: found.opening, transitions: found.path };
    frontier = frontier.flatMap((way) =>
      transitions
        .filter(([name, { from, to }]) => name !== eventType && to !== undefined && from.includes(way.status))
        .filter(([, { to }]) => !seen.has(to!) && seen.add(to!))
        .map(([name, { to }]) => ({
          ...way,
          status: to!,
          path: [...way.path, name as WorkObjectTransitionEventType],
        })),
    );
  }
  throw new Error(`no ${objectType} can reach ${eventType}`);
}
