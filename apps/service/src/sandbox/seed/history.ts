/**
 * A history of activity for the sandbox, written in bulk. Works arrive at a steady rate over
 * the period; each work's next activity (chosen by the activity model) is scheduled at a
 * plausible time (assessed within days, started on its proposed start date, ...), and
 * activities are applied in time order, in memory, with the same domain rules as the event
 * source. Rows are inserted many at a time (see bulk-insert.ts), one transaction per batch,
 * so a million events take minutes. Works still in flight at the end stay open. Event times
 * rise with update_id. The database must hold no works yet: work and permit ids are assigned here.
 */
import { sql } from 'drizzle-orm';
import TinyQueue from 'tinyqueue';
import type { Database } from '../../db/database.js';
import { auditEvents, changeRequests, permits, workObjects, works } from '../../db/schema.js';
import { applyPermitEvent, submittedPermit, type NewPermitRow } from '../../domain/permits.js';
import {
  openingStatus,
  transitionedStatus,
  workObjectReference,
  type WorkObjectType,
} from '../../domain/work-object-lifecycles.js';
import { changeRequestEvent, changeRequestReference } from '../../events/change-requests.js';
import { permitEvent } from '../../events/permits.js';
import { auditEventRows, type AuditEventRow, type EventScope, type EventSpec } from '../../events/record-events.js';
import { workObjectEvent } from '../../events/work-objects.js';
import { newWorkRow, permitReference } from '../../events/works.js';
import { dueTime, nextActivity, type WorkActivity, type WorkSnapshot } from '../simulation/activities.js';
import { actorFor, sideOf } from '../simulation/actors.js';
import { newWorkSubmission } from '../simulation/new-works.js';
import type { Random } from '../simulation/random.js';
import type { SandboxWorld } from '../simulation/world.js';
import { bulkInsert } from './bulk-insert.js';

export interface HistoryOptions {
  events: number;
  from: Date;
  to: Date;
  random: Random;
  onProgress?: (recorded: number, total: number) => void;
}

type WorkObjectRow = typeof workObjects.$inferInsert;
type ChangeRequestRow = typeof changeRequests.$inferInsert;

interface WorkInProgress {
  id: number;
  workReferenceNumber: string;
  permitReferenceNumber: string;
  scope: EventScope;
  permit: NewPermitRow;
  records: WorkObjectRow[];
  changeRequests: ChangeRequestRow[];
}

/** Events a work yields over its life, on average; sets the rate at which works arrive. */
const eventsPerWork = 5.5;
/** Rows gathered before they are written, in one transaction. */
const batchSize = { events: 10_000, permits: 2_000 };

function snapshotOf(work: WorkInProgress): WorkSnapshot {
  const pending = work.changeRequests.find((request) => request.status === 'submitted');
  return {
    permit: work.permit,
    records: work.records.map((record) => ({
      reference: record.reference,
      objectType: record.objectType as WorkObjectType,
      status: record.status,
    })),
    pendingChangeRequest: pending ? { reference: pending.reference } : null,
  };
}

/** Applies an activity to the work in memory; returns the events it records. */
function apply(work: WorkInProgress, activity: WorkActivity, at: Date): EventSpec[] {
  const { workReferenceNumber, permitReferenceNumber } = work;
  switch (activity.kind) {
    case 'permit': {
      const { changes, events } = applyPermitEvent(work.permit, activity.eventType, at);
      Object.assign(work.permit, changes);
      return events.map((eventType) => permitEvent(eventType, permitReferenceNumber, workReferenceNumber));
    }
    case 'open': {
      const sequence = work.records.filter((record) => record.objectType === activity.objectType).length + 1;
      const reference = workObjectReference(workReferenceNumber, activity.objectType, sequence);
      const status = openingStatus(activity.objectType, activity.eventType);
      work.records.push({
        reference,
        workId: work.id,
        objectType: activity.objectType,
        status,
        createdAt: at,
        updatedAt: at,
      });
      return [workObjectEvent(activity.eventType, activity.objectType, reference, workReferenceNumber)];
    }
    case 'advance': {
      const record = work.records.find((candidate) => candidate.reference === activity.reference)!;
      const objectType = record.objectType as WorkObjectType;
      record.status = transitionedStatus(objectType, record.status, activity.eventType);
      record.updatedAt = at;
      return [workObjectEvent(activity.eventType, objectType, record.reference, workReferenceNumber)];
    }
    case 'submit_change': {
      const kind = activity.changeKind;
      const sequence = work.changeRequests.filter((request) => request.kind === kind).length + 1;
      const reference = changeRequestReference(permitReferenceNumber, kind, sequence);
      const { proposedEndDate } = activity;
      work.changeRequests.push({
        reference,
        permitId: work.id,
        kind,
        status: 'submitted',
        proposedEndDate,
        createdAt: at,
      });
      return [changeRequestEvent(kind, 'submitted', reference, permitReferenceNumber)];
    }
    case 'decide_change': {
      const request = work.changeRequests.find((candidate) => candidate.reference === activity.reference)!;
      request.status = activity.decision;
      request.decidedAt = at;
      if (activity.decision === 'granted' && request.proposedEndDate)
        work.permit.proposedEndDate = request.proposedEndDate;
      return [changeRequestEvent(request.kind, activity.decision, request.reference, permitReferenceNumber)];
    }
  }
}

class BulkWriter {
  private readonly pending = {
    works: [] as (typeof works.$inferInsert)[],
    events: [] as AuditEventRow[],
    permits: [] as (typeof permits.$inferInsert)[],
    records: [] as WorkObjectRow[],
    changeRequests: [] as ChangeRequestRow[],
  };
  recorded = 0;

  constructor(
    private readonly db: Database,
    private readonly onFlush: (recorded: number) => void,
  ) {}

  work(row: typeof works.$inferInsert) {
    this.pending.works.push(row);
  }

  async events(rows: AuditEventRow[]) {
    this.pending.events.push(...rows);
    this.recorded += rows.length;
    if (this.pending.events.length >= batchSize.events) await this.flush();
  }

  /** The work's permit, records and change requests, in their final state. */
  async settle(work: WorkInProgress) {
    this.pending.permits.push({
      ...work.permit,
      id: work.id,
      workId: work.id,
      permitReferenceNumber: work.permitReferenceNumber,
    });
    this.pending.records.push(...work.records);
    this.pending.changeRequests.push(...work.changeRequests);
    if (this.pending.permits.length >= batchSize.permits) await this.flush();
  }

  /** Inserts everything pending in one transaction; works first, as events refer to them. */
  async flush() {
    const { pending } = this;
    await this.db.transaction(async (tx) => {
      await bulkInsert(tx, works, pending.works);
      await bulkInsert(tx, auditEvents, pending.events);
      await bulkInsert(tx, permits, pending.permits);
      await bulkInsert(tx, workObjects, pending.records);
      await bulkInsert(tx, changeRequests, pending.changeRequests);
    });
    for (const rows of Object.values(pending)) rows.length = 0;
    this.onFlush(this.recorded);
  }
}

/** The next work to arrive: a promoter's, on an authority's street, numbered after the promoter's last. */
function nextSubmission(random: HistoryOptions['random'], world: SandboxWorld, serials: Map<number, number>, at: Date) {
  const promoter = random.pick(world.promoters);
  const authority = random.pick(world.authorities);
  const serial = (serials.get(promoter.id) ?? 0) + 1;
  serials.set(promoter.id, serial);
  return {
    promoter,
    authority,
    submission: newWorkSubmission(random, promoter.definition, authority.definition, serial, at),
  };
}

/** A work as the history follows it, its first permit just submitted. */
function workInProgress(
  id: number,
  workReferenceNumber: string,
  owners: { promoterOrgId: number; highwayAuthorityOrgId: number },
  workstreamPrefix: string,
  permit: WorkInProgress['permit'],
): WorkInProgress {
  return {
    id,
    workReferenceNumber,
    permitReferenceNumber: permitReference(workReferenceNumber, 1),
    scope: { workId: id, workReferenceNumber, ...owners, workstreamPrefix },
    permit,
    records: [],
    changeRequests: [],
  };
}

/** An activity of a work, due at `at` (epoch ms). */
interface Due {
  at: number;
  work: WorkInProgress;
  activity: WorkActivity;
}

/** Records at least `options.events` events (a few more at most) between `from` and `to`; returns how many. */
export async function seedHistory(db: Database, world: SandboxWorld, options: HistoryOptions): Promise<number> {
  const { random, from, to } = options;
  const writer = new BulkWriter(db, (recorded) => options.onProgress?.(recorded, options.events));
  // What happens next: the earliest activity first.
  const schedule = new TinyQueue<Due>([], (a, b) => a.at - b.at);
  const serials = new Map<number, number>();
  const arrivalGapMs = ((to.getTime() - from.getTime()) * eventsPerWork) / Math.max(options.events, 1);
  let nextArrival = from.getTime();
  let workId = 0;

  const record = async (work: WorkInProgress, side: 'promoter' | 'highway_authority', at: Date, specs: EventSpec[]) => {
    const organisation = side === 'promoter' ? work.scope.promoterOrgId : work.scope.highwayAuthorityOrgId;
    const actor = actorFor(random, world.actors.get(organisation ?? 0));
    await writer.events(auditEventRows(work.scope, { at, actor }, specs));
  };

  const scheduleNext = async (work: WorkInProgress, at: Date) => {
    const snapshot = snapshotOf(work);
    const activity = nextActivity(snapshot, random);
    if (activity.kind === 'done') await writer.settle(work);
    else schedule.push({ at: dueTime(activity, snapshot, at, random).getTime(), work, activity });
  };

  const arrive = async (at: Date) => {
    const { promoter, authority, submission } = nextSubmission(random, world, serials, at);
    const prefix = submission.workstream_prefix ?? '000';
    const { permit, events } = submittedPermit(submission, at, submission.started_on_submission);
    const owners = { promoterOrgId: promoter.id, highwayAuthorityOrgId: authority.id };
    const work = workInProgress(++workId, submission.work_reference_number, owners, prefix, permit);
    writer.work({
      ...newWorkRow(submission, { ...owners, workstreamId: world.workstreamIds.get(`${promoter.id}/${prefix}`)! }),
      id: work.id,
    });
    await record(
      work,
      'promoter',
      at,
      events.map((eventType) => permitEvent(eventType, work.permitReferenceNumber, work.workReferenceNumber)),
    );
    await scheduleNext(work, at);
  };

  while (writer.recorded < options.events) {
    const due = schedule.peek();
    const at = Math.min(nextArrival, due?.at ?? Infinity);
    if (at > to.getTime()) {
      // Out of time yet short of the events asked for: the last works arrive at the end of the period.
      await arrive(to);
      continue;
    }
    if (due && due.at === at) {
      schedule.pop();
      await record(due.work, sideOf(due.activity), new Date(at), apply(due.work, due.activity, new Date(at)));
      await scheduleNext(due.work, new Date(at));
    } else {
      await arrive(new Date(at));
      // Steady arrivals, a little sooner while the history is behind the events asked for.
      const behind = (options.events * (at - from.getTime())) / (to.getTime() - from.getTime()) > writer.recorded;
      nextArrival += arrivalGapMs * (behind ? 0.5 : 1) * (0.5 + random.next());
    }
  }
  for (const { work } of schedule.data) await writer.settle(work);
  await writer.flush();
  await continueIdSequences(db);
  return writer.recorded;
}

/** The serial sequences continue after the ids assigned here. */
async function continueIdSequences(db: Database): Promise<void> {
  for (const table of ['works', 'permits']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
    );
  }
}
