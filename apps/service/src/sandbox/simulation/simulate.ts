/**
 * Live activity on a seeded sandbox, through the event source: new works are submitted and
 * open works move on, about `rate` activities a second, until the signal aborts. Each
 * activity is one operation (one transaction) of the event source.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { systemClock, type Clock } from '../../shared/clock.js';
import type { Database } from '../../db/database.js';
import { changeRequests, permits, workObjects, works } from '../../db/schema.js';
import { isWorkObjectType } from '../../domain/work-object-lifecycles.js';
import { ServiceError } from '../../shared/errors.js';
import { decideChangeRequest, submitChangeRequest } from '../../events/change-requests.js';
import { transitionPermit } from '../../events/permits.js';
import type { WriteOptions } from '../../events/record-events.js';
import { advanceWorkObject, openWorkObject } from '../../events/work-objects.js';
import { submitWork } from '../../events/works.js';
import { nextActivity, type WorkActivity, type WorkSnapshot } from './activities.js';
import { actorFor, sideOf } from './actors.js';
import { newWorkSubmission } from './new-works.js';
import { seededRandom } from './random.js';
import { loadSandboxWorld } from './world.js';

export interface SimulationOptions {
  /** Activities a second. */
  rate: number;
  signal: AbortSignal;
  now?: Clock;
  randomSeed?: number;
  /** Told of each activity, in a line of text. */
  onActivity?: (line: string) => void;
}

interface OpenWork {
  workReferenceNumber: string;
  permitReferenceNumber: string;
}

const poolSize = 500;

export async function simulate(db: Database, options: SimulationOptions): Promise<{ activities: number }> {
  const world = await loadSandboxWorld(db);
  const random = seededRandom(options.randomSeed ?? Date.now());
  const now = options.now ?? systemClock;
  const pool = await openWorks(db);
  const serials = new Map<number, number>();
  for (const promoter of world.promoters) {
    const [held] = await db.select({ n: count() }).from(works).where(eq(works.promoterOrgId, promoter.id));
    serials.set(promoter.id, held?.n ?? 0);
  }
  const optionsFor = (organisationId: number): WriteOptions => ({
    now,
    actor: actorFor(random, world.actors.get(organisationId)),
  });

  const submitNewWork = async () => {
    const promoter = random.pick(world.promoters);
    const authority = random.pick(world.authorities);
    const serial = serials.get(promoter.id)! + 1;
    serials.set(promoter.id, serial);
    const submission = newWorkSubmission(random, promoter.definition, authority.definition, serial, now());
    pool.push(await submitWork(db, submission, optionsFor(promoter.id)));
    return `${submission.work_reference_number}: permit_submitted (${submission.work_category})`;
  };

  const moveOn = async (index: number) => {
    const work = pool[index]!;
    const { snapshot, promoterOrgId, highwayAuthorityOrgId } = await snapshotOf(db, work);
    const activity = nextActivity(snapshot, random, now());
    if (activity.kind === 'done') {
      pool.splice(index, 1);
      return `${work.workReferenceNumber}: no further activity`;
    }
    await perform(
      db,
      work,
      activity,
      optionsFor(sideOf(activity) === 'promoter' ? promoterOrgId : highwayAuthorityOrgId),
    );
    return `${work.workReferenceNumber}: ${describe(activity)}`;
  };

  let activities = 0;
  const intervalMs = 1000 / options.rate;
  while (!options.signal.aborted) {
    const started = Date.now();
    try {
      const newWork = pool.length < poolSize && (pool.length === 0 || random.next() < 1 / 7);
      // Performed before the optional call: `onActivity?.(await …)` would skip it when unset.
      const line = await (newWork ? submitNewWork() : moveOn(random.integer(0, pool.length - 1)));
      options.onActivity?.(line);
      activities += 1;
    } catch (error) {
      // Another writer may have moved the same work on; the simulation carries on.
      if (!(error instanceof ServiceError)) throw error;
      options.onActivity?.(`skipped: ${error.message}`);
    }
    await pause(intervalMs - (Date.now() - started), options.signal);
  }
  return { activities };
}

function describe(activity: WorkActivity): string {
  switch (activity.kind) {
    case 'submit_change':
      return `${activity.changeKind}_submitted`;
    case 'decide_change':
      return `${activity.reference} ${activity.decision}`;
    case 'advance':
      return `${activity.reference} ${activity.eventType}`;
    default:
      return activity.eventType;
  }
}

function perform(db: Database, work: OpenWork, activity: WorkActivity, options: WriteOptions): Promise<unknown> {
  const { permitReferenceNumber, workReferenceNumber } = work;
  switch (activity.kind) {
    case 'permit':
      return transitionPermit(db, { permitReferenceNumber, eventType: activity.eventType }, options);
    case 'open':
      return openWorkObject(
        db,
        { workReferenceNumber, objectType: activity.objectType, eventType: activity.eventType },
        options,
      );
    case 'advance':
      return advanceWorkObject(db, { reference: activity.reference, eventType: activity.eventType }, options);
    case 'submit_change':
      return submitChangeRequest(
        db,
        permitReferenceNumber,
        { kind: activity.changeKind, proposed_end_date: activity.proposedEndDate.toISOString() },
        options,
      );
    case 'decide_change':
      return decideChangeRequest(db, { reference: activity.reference, decision: activity.decision }, options);
  }
}

/** Up to `poolSize` works whose permits are still active, to carry on with. */
async function openWorks(db: Database): Promise<OpenWork[]> {
  return db
    .select({ workReferenceNumber: works.workReferenceNumber, permitReferenceNumber: permits.permitReferenceNumber })
    .from(permits)
    .innerJoin(works, eq(works.id, permits.workId))
    .where(and(eq(permits.isActivePermit, true), inArray(permits.workStatus, ['planned', 'in_progress'])))
    .orderBy(asc(permits.id))
    .limit(poolSize);
}

async function snapshotOf(
  db: Database,
  work: OpenWork,
): Promise<{ snapshot: WorkSnapshot; promoterOrgId: number; highwayAuthorityOrgId: number }> {
  const [row] = await db
    .select({ permit: permits, promoterOrgId: works.promoterOrgId, highwayAuthorityOrgId: works.highwayAuthorityOrgId })
    .from(permits)
    .innerJoin(works, eq(works.id, permits.workId))
    .where(eq(permits.permitReferenceNumber, work.permitReferenceNumber));
  if (!row) throw new Error(`permit ${work.permitReferenceNumber} has gone`);
  const records = await db
    .select({ reference: workObjects.reference, objectType: workObjects.objectType, status: workObjects.status })
    .from(workObjects)
    .where(eq(workObjects.workId, row.permit.workId));
  const [pending] = await db
    .select({ reference: changeRequests.reference })
    .from(changeRequests)
    .where(and(eq(changeRequests.permitId, row.permit.id), eq(changeRequests.status, 'submitted')));
  return {
    snapshot: {
      permit: row.permit,
      records: records.flatMap(({ reference, objectType, status }) =>
        isWorkObjectType(objectType) ? [{ reference, objectType, status }] : [],
      ),
      pendingChangeRequest: pending ?? null,
    },
    promoterOrgId: row.promoterOrgId,
    highwayAuthorityOrgId: row.highwayAuthorityOrgId,
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
