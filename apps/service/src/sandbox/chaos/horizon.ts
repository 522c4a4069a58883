/**
 * The visibility lag of the chaos profile: polling shows an update only once it is at least the
 * lag old, and never skips one. Polling is cut at a horizon update_id, below which every update is
 * old enough, rather than filtered row by row on time: the updates shown are always a prefix of the
 * feed in update_id order, so an update recorded earlier but committed later is not passed over.
 */
import { sql } from 'drizzle-orm';
import type { Visibility } from '../../directory/caller.js';
import { queryRows, type Database } from '../../db/database.js';

type Bigint = string | number | null;

const numberOrNull = (value: Bigint | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/**
 * The horizon at `cutoff`: the greatest update_id up to which every update was recorded at or
 * before `cutoff` (one less than the first recorded after it; the latest when none was); null
 * while no update was recorded at all.
 */
export async function visibilityHorizon(db: Database, cutoff: Date): Promise<number | null> {
  const [row] = await queryRows<{ horizon: Bigint }>(
    db,
    sql`select coalesce(
          (select min(update_id) - 1 from audit_events
            where update_date_time > ${cutoff.toISOString()}::timestamptz and update_id is not null),
          (select max(update_id) from audit_events)) as horizon`,
  );
  return numberOrNull(row?.horizon);
}

/** The latest update_id of the polling feed at or below `horizon` that `visibility` shows; null when none. */
export async function headOf(db: Database, visibility: Visibility, horizon: number | null): Promise<number | null> {
  const { promoterOrgIds, highwayAuthorityOrgId } = visibility;
  if (promoterOrgIds !== 'any' && promoterOrgIds.length === 0) return null;
  const promoter =
    promoterOrgIds === 'any' ? sql`true` : sql`promoter_org_id = any(${sql.param([...promoterOrgIds])}::int[])`;
  const authority =
    highwayAuthorityOrgId === 'any' ? sql`true` : sql`highway_authority_org_id = ${highwayAuthorityOrgId}`;
  const below = horizon === null ? sql`true` : sql`update_id <= ${horizon}`;
  const [row] = await queryRows<{ head: Bigint }>(
    db,
    sql`select max(update_id) as head from audit_events
        where work_id is not null and update_id is not null and ${promoter} and ${authority} and ${below}`,
  );
  return numberOrNull(row?.head);
}
