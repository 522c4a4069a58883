/**
 * How many notifications were created for an organisation's subscription since a time: those still
 * in the outbox and those the message log has attempts of, each message once.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';

export async function notificationsCreated(db: Database, organisation: string, since: Date): Promise<number> {
  const from = since.toISOString();
  const [row] = await queryRows<{ created: string | number }>(
    db,
    sql`select count(*) as created from (
          select d.message_id from deliveries d
            where d.kind = 'notification' and d.created_at >= ${from}::timestamptz and d.subscription_id in (${ofOrganisation(organisation)})
          union
          select a.message_id from delivery_attempts a
            where a.kind = 'notification' and a.message_created_at >= ${from}::timestamptz and a.subscription_id in (${ofOrganisation(organisation)})
        ) messages`,
  );
  return Number(row?.created ?? 0);
}

const ofOrganisation = (name: string) =>
  sql`select s.id from subscriptions s join organisations o on o.id = s.organisation_id where o.name = ${name}`;
