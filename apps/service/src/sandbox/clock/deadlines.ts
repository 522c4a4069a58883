/**
 * The sandbox's deadlines, applied as its clock passes them (each once, in time order, as the
 * permitting system would have at that moment):
 * - a permit application still `submitted` at its assessment deadline (`deadline_date`) is
 *   deemed granted (`permit_deemed`), by nobody: the highway authority did not decide in time;
 * - at a quarter's end, each highway authority with sample inspections still open in it ends the
 *   quarter: they expire, and the promoters concerned are told (`sample_inspection_quarter_ended`).
 */
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { organisations, permits, sandboxClock, workObjects, works } from '../../db/schema.js';
import { quarterBounds, quarterOf } from '../../domain/quarters.js';
import { transitionPermit } from '../../events/permits.js';
import { endQuarter } from '../../events/sample-inspection-quarters.js';
import type { Clock } from '../../shared/clock.js';
import { ConflictError } from '../../shared/errors.js';

/** A deadline that fell due: when, and what the permitting system does then (in the caller's transaction). */
interface Deadline {
  at: Date;
  apply: (tx: Database, onRecorded: (ids: readonly number[]) => void) => Promise<void>;
}

/** The permits whose assessment deadline is in (from, to] and that are still awaiting it. */
async function permitsDeemed(tx: Database, from: Date, to: Date): Promise<Deadline[]> {
  const due = await tx
    .select({ reference: permits.permitReferenceNumber, at: permits.deadlineDate })
    .from(permits)
    .where(and(eq(permits.status, 'submitted'), gt(permits.deadlineDate, from), lte(permits.deadlineDate, to)))
    .orderBy(asc(permits.deadlineDate), asc(permits.id));
  return due.map(({ reference, at }) => ({
    at,
    apply: (db, onRecorded) =>
      transitionPermit(
        db,
        { permitReferenceNumber: reference, eventType: 'permit_deemed' },
        { now: () => at, onRecorded },
      ),
  }));
}

/** The ends of quarters in (from, to]. */
function quarterEndsBetween(from: Date, to: Date): { quarter: string; end: Date }[] {
  const ends: { quarter: string; end: Date }[] = [];
  for (let quarter = quarterOf(from); ; ) {
    const { end } = quarterBounds(quarter);
    if (end > to) return ends;
    if (end > from) ends.push({ quarter, end });
    quarter = quarterOf(end);
  }
}

/** For each quarter ending in (from, to], the authorities with sample inspections still open in it. */
async function quartersEnded(tx: Database, from: Date, to: Date): Promise<Deadline[]> {
  const deadlines: Deadline[] = [];
  for (const { quarter, end } of quarterEndsBetween(from, to)) {
    const { start } = quarterBounds(quarter);
    const authorities = await tx
      .selectDistinct({ name: sql<string>`coalesce(${organisations.swaCode}, ${organisations.name})` })
      .from(workObjects)
      .innerJoin(works, eq(works.id, workObjects.workId))
      .innerJoin(organisations, eq(organisations.id, works.highwayAuthorityOrgId))
      .where(
        and(
          eq(workObjects.objectType, 'sample_inspection'),
          eq(workObjects.status, 'open'),
          sql`${workObjects.createdAt} >= ${start} and ${workObjects.createdAt} < ${end}`,
        ),
      );
    for (const { name } of authorities)
      deadlines.push({
        at: end,
        apply: (db, onRecorded) => endQuarterOnce(db, name, quarter, { now: () => end, onRecorded }),
      });
  }
  return deadlines;
}

/** Ends the quarter unless it was ended already (by a trigger, say). */
async function endQuarterOnce(
  db: Database,
  highwayAuthority: string,
  quarter: string,
  options: { now: Clock; onRecorded: (ids: readonly number[]) => void },
): Promise<void> {
  await endQuarter(db, { highway_authority: highwayAuthority, quarter }, options).catch((error: unknown) => {
    if (!(error instanceof ConflictError)) throw error;
  });
}

/**
 * Applies the deadlines between the last moment they were applied up to and the clock's now, in
 * one transaction that holds the clock's row (so that two callers never apply one twice);
 * answers the ids of the events recorded.
 */
export async function applyDeadlines(db: Database, clock: Clock): Promise<number[]> {
  const recorded: number[] = [];
  await db.transaction(async (tx) => {
    const [kept] = await tx.select().from(sandboxClock).where(eq(sandboxClock.id, 1)).for('update');
    const from = kept!.deadlinesAppliedUntil;
    const to = clock();
    if (to <= from) return;
    const due = [...(await permitsDeemed(tx, from, to)), ...(await quartersEnded(tx, from, to))];
    due.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const deadline of due) await deadline.apply(tx, (ids) => recorded.push(...ids));
    await tx.update(sandboxClock).set({ deadlinesAppliedUntil: to }).where(eq(sandboxClock.id, 1));
  });
  return recorded;
}
