/**
 * Stored permit summaries: written as JSON text once a permit exists, cleared by any change to
 * what they show (the permit, its work, their organisations), and answered the same, byte for
 * byte, whether stored or built from the columns.
 */
import type { PermitSearchReportingResponse, PermitSummaryResponse } from '@street-events/types';
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { queryRows } from '../../../src/db/database.js';
import { organisations, works } from '../../../src/db/schema.js';
import { transitionPermit } from '../../../src/events/permits.js';
import {
  checkSummariesFingerprint,
  searchPage,
  searchPageBytes,
  writeMissingSummaries,
} from '../../../src/features/permits/search-permits.js';
import { describeEachDatabase } from '../../support/databases.js';
import { promoterWithPlanner, work } from '../../support/fixtures.js';

describeEachDatabase('stored permit summaries', (database) => {
  const summaryOf = async (permitReferenceNumber: string) =>
    (
      await queryRows<{ summary: string | null }>(
        database.db,
        sql`select summary from permits where permit_reference_number = ${permitReferenceNumber}`,
      )
    )[0]!.summary;

  async function permitWithPlanner() {
    const world = await promoterWithPlanner(database.db);
    const created = await work(database.db, world.owner, world.authority);
    return { ...world, ...created };
  }

  const writeAll = async () => {
    while ((await writeMissingSummaries(database.db)) > 0);
  };

  test('a search answers the same bytes whether the summaries are stored or built from the columns', async () => {
    const { planner, workReferenceNumber, permitReferenceNumber } = await permitWithPlanner();
    const search = async () =>
      searchPageBytes(
        await searchPage(database.db, planner, { work_reference_numbers: [workReferenceNumber] }),
      ).toString();
    const built = await search();
    await writeAll();
    expect(await summaryOf(permitReferenceNumber)).not.toBeNull();
    expect(await search()).toBe(built);
    expect((JSON.parse(built) as PermitSearchReportingResponse).rows[0]!.permit_reference_number).toBe(
      permitReferenceNumber,
    );
  });

  test('a change to the permit clears its summary, and the search answers the permit as it is now', async () => {
    const { planner, workReferenceNumber, permitReferenceNumber } = await permitWithPlanner();
    await writeAll();
    await transitionPermit(database.db, { permitReferenceNumber, eventType: 'permit_granted' });
    expect(await summaryOf(permitReferenceNumber)).toBeNull();
    const [row] = (await searchPage(database.db, planner, { work_reference_numbers: [workReferenceNumber] })).rows;
    expect((JSON.parse(row!) as PermitSummaryResponse).status).toBe('granted');
    await writeAll();
    expect((JSON.parse((await summaryOf(permitReferenceNumber))!) as PermitSummaryResponse).status).toBe('granted');
  });

  test('a change to the work or to its promoter clears the summaries of its permits', async () => {
    const { owner, workReferenceNumber, permitReferenceNumber } = await permitWithPlanner();
    await writeAll();
    await database.db
      .update(works)
      .set({ street: 'Boar Lane' })
      .where(eq(works.workReferenceNumber, workReferenceNumber));
    expect(await summaryOf(permitReferenceNumber)).toBeNull();
    await writeAll();
    await database.db
      .update(organisations)
      .set({ name: `${owner.name} (renamed)` })
      .where(eq(organisations.id, owner.id));
    expect(await summaryOf(permitReferenceNumber)).toBeNull();
  });

  test('summaries built from other enumeration texts are cleared', async () => {
    const { permitReferenceNumber } = await permitWithPlanner();
    await writeAll();
    await database.db
      .execute(sql`insert into read_models (name, fingerprint) values ('permit_summaries', 'texts of another version')
                                  on conflict (name) do update set fingerprint = excluded.fingerprint`);
    await checkSummariesFingerprint(database.db);
    expect(await summaryOf(permitReferenceNumber)).toBeNull();
  });
});
