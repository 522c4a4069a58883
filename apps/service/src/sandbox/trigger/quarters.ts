/**
 * Sample inspection quarters on demand. Ending the current quarter would stop the authority
 * creating sample inspections until the next one, so a quarter is ended in the past: the latest
 * quarter before this one that the authority has not ended, on a work and a sample inspection
 * recorded within that quarter (their events carry its dates). Named a work, the quarter its
 * open sample inspection was created in ends, whichever it is.
 */
import { quarterBefore, quarterBounds, quarterOf } from '../../domain/quarters.js';
import { endQuarter, revertQuarterEnd } from '../../events/sample-inspection-quarters.js';
import { openWorkObject } from '../../events/work-objects.js';
import { endedQuarters, latestRecord, organisationById, type WorkInPlay } from './state.js';
import { newWork, partiesOf, type Session } from './works.js';

const hourMs = 60 * 60 * 1000;

/** The authority's name in the event source's terms: its swa_code. */
const authorityOf = async (session: Session, work: WorkInPlay) => {
  const authority = await organisationById(session.db, work.highwayAuthorityOrgId);
  return authority.swaCode ?? authority.name;
};

/** Ends the quarter of the work's open sample inspection (created now if it has none). */
async function endQuarterOfWork(session: Session, work: WorkInPlay): Promise<void> {
  const { db, write } = session;
  let createdAt = (await latestRecord(db, work.workId, 'sample_inspection', ['open']))?.createdAt;
  if (createdAt === undefined) {
    createdAt = session.now();
    const at = createdAt;
    await openWorkObject(
      db,
      {
        workReferenceNumber: work.workReferenceNumber,
        objectType: 'sample_inspection',
        eventType: 'sample_inspection_created',
      },
      { ...write, now: () => at },
    );
  }
  await endQuarter(db, { highway_authority: await authorityOf(session, work), quarter: quarterOf(createdAt) }, write);
}

/** Ends a past quarter in which a new work of the parties had a sample inspection; returns the quarter and the work. */
async function endPastQuarter(session: Session): Promise<{ quarter: string; work: WorkInPlay; authority: string }> {
  const { db, write } = session;
  const parties = await partiesOf(session);
  const ended = await endedQuarters(db, parties.authority.id);
  let quarter = quarterBefore(quarterOf(session.now()));
  while (ended.has(quarter)) quarter = quarterBefore(quarter);
  // A week before the quarter's end: the work starts, and two hours later it is picked for a sample inspection.
  const started = new Date(quarterBounds(quarter).end.getTime() - 7 * 24 * hourMs);
  const work = await newWork(session, parties, 'immediate_urgent', { ...write, now: () => started });
  await openWorkObject(
    db,
    {
      workReferenceNumber: work.workReferenceNumber,
      objectType: 'sample_inspection',
      eventType: 'sample_inspection_created',
    },
    { ...write, now: () => new Date(started.getTime() + 2 * hourMs) },
  );
  const authority = parties.authority.swaCode ?? parties.authority.name;
  await endQuarter(db, { highway_authority: authority, quarter }, write);
  return { quarter, work, authority };
}

/** sample_inspection_expired and sample_inspection_quarter_ended: a quarter ends. Returns the work involved. */
export async function quarterEnd(session: Session, work: WorkInPlay | undefined): Promise<WorkInPlay> {
  if (work) {
    await endQuarterOfWork(session, work);
    return work;
  }
  return (await endPastQuarter(session)).work;
}

/** sample_inspection_quarter_end_reverted: a past quarter ends, and its end is reverted. */
export async function quarterEndReverted(session: Session): Promise<WorkInPlay> {
  const { quarter, work, authority } = await endPastQuarter(session);
  await revertQuarterEnd(session.db, { highway_authority: authority, quarter }, session.write);
  return work;
}
