/**
 * Bounds on replaying messages, counted in the database (`message_replays`) so that they hold
 * across every instance of the service and every worker: a message is replayed at most
 * `perMessage` times an hour, and an organisation's callers replay at most `perOrganisation`
 * messages an hour in all. Past either the replay is `429` with `Retry-After`, the seconds until
 * the oldest replay counted leaves the hour. The replays of one organisation are counted one
 * after another (its row is locked for the transaction), so instances that replay at once cannot
 * both take the last place.
 *
 * Queuing a message again also prunes its attempts in the log to the newest `attemptsKept`, so
 * what the log holds of a message stays bounded however often it is replayed.
 */
import { operationLimits } from '@street-events/types/operator';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/database.js';
import { RateLimitedError } from '../../shared/errors.js';

const limits = operationLimits.replayMessage;

/** Replays allowed an hour; `0` is no bound. */
export interface ReplayBounds {
  perMessage: number;
  perOrganisation: number;
}

export const defaultReplayBounds: ReplayBounds = {
  perMessage: limits.replays_per_message_per_hour,
  perOrganisation: limits.replays_per_organisation_per_hour,
};

/** Attempts of a message the log keeps when the message is queued again (the newest). */
export const attemptsKept = limits.attempts_kept_on_replay;

/** A replay to count: the message, its subscription's organisation, and whether the organisation's bound applies. */
export interface Replay {
  messageId: string;
  organisationId: number;
  /** False for the Operator's replays: they count towards the message's bound alone. */
  organisationBound: boolean;
}

interface Counted {
  count: number;
  /** Seconds until the oldest replay counted leaves the hour. */
  wait: number | null;
}

const countedOf = (column: 'message_id' | 'organisation_id', value: string | number) => sql`
  select count(*)::int as count,
         least(3600, ceil(extract(epoch from min(replayed_at) + interval '1 hour' - clock_timestamp())))::int as wait
  from message_replays where ${sql.raw(column)} = ${value} and replayed_at > now() - interval '1 hour'`;

function refusal(what: string, max: number, counted: Counted): RateLimitedError {
  const retryAfter = Math.max(1, counted.wait ?? 1);
  return new RateLimitedError(
    `${what} was replayed ${counted.count} times in the last hour, its limit is ${max}. Retry after ${retryAfter} seconds.`,
    retryAfter,
  );
}

/**
 * Counts a replay inside the caller's transaction (the one that queues the message): `429` past
 * a bound, else the replay is recorded and counted from now on.
 */
export async function countReplay(tx: Database, replay: Replay, bounds: ReplayBounds): Promise<void> {
  await tx.execute(sql`select id from organisations where id = ${replay.organisationId} for update`);
  if (bounds.perMessage > 0) {
    const [counted] = await queryRows<Counted>(tx, countedOf('message_id', replay.messageId));
    if (counted!.count >= bounds.perMessage) throw refusal(`Message ${replay.messageId}`, bounds.perMessage, counted!);
  }
  if (replay.organisationBound && bounds.perOrganisation > 0) {
    const [counted] = await queryRows<Counted>(tx, countedOf('organisation_id', replay.organisationId));
    if (counted!.count >= bounds.perOrganisation) {
      throw refusal("Your organisation's messages", bounds.perOrganisation, counted!);
    }
  }
  await tx.execute(
    sql`insert into message_replays (message_id, organisation_id) values (${replay.messageId}, ${replay.organisationId})`,
  );
}

/** Records replays of these messages, queued again (each under its subscription's organisation). */
export async function recordReplays(tx: Database, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await tx.execute(sql`
    insert into message_replays (message_id, organisation_id)
    select d.message_id, s.organisation_id from deliveries d join subscriptions s on s.id = d.subscription_id
    where d.message_id = any(${`{${messageIds.join(',')}}`}::text[])`);
}

/** Removes the log's attempts of these messages but the newest `attemptsKept` of each. */
export async function pruneReplayedAttempts(tx: Database, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await tx.execute(sql`
    delete from delivery_attempts where id in (
      select id from (
        select id, row_number() over (partition by message_id order by id desc) as newer
        from delivery_attempts where message_id = any(${`{${messageIds.join(',')}}`}::text[])) a
      where a.newer > ${attemptsKept})`);
}

/** Forgets the replays older than the hour they are counted in; answers how many. */
export async function pruneReplays(db: Database): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with gone as (delete from message_replays where replayed_at <= now() - interval '1 hour' returning 1)
        select count(*)::int as count from gone`,
  );
  return row!.count;
}
