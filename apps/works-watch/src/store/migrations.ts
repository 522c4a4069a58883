/**
 * The local database's schema, as an ordered list of migrations. Each runs once, in its own
 * transaction, and is recorded in `watch_migrations`; add new ones at the end, never edit one
 * that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'works, events, permits, cursor, subscription',
    sql: /* sql */ `
      -- Where polling resumes: the update_id of the last update stored. One row.
      create table watch_cursor (
        singleton boolean primary key default true check (singleton),
        update_id bigint not null,
        stored_at timestamptz not null default now()
      );

      -- A work seen in the feed. permits_as_of is the last_update_id its stored permits were
      -- fetched for: the permits are stale while it is null or below last_update_id.
      create table works (
        work_reference_number text primary key,
        last_update_id bigint not null,
        last_update_date_time timestamptz not null,
        permits_as_of bigint
      );
      create index works_recent on works (last_update_date_time desc, last_update_id desc);
      create index works_stale_permits on works (last_update_id)
        where permits_as_of is null or permits_as_of < last_update_id;

      -- Every update of the feed, as received.
      create table work_events (
        update_id bigint primary key,
        work_reference_number text not null references works,
        row jsonb not null
      );
      create index work_events_by_work on work_events (work_reference_number, update_id desc);

      -- The permit summaries of a work, as the last permit search returned them.
      create table permits (
        permit_reference_number text primary key,
        work_reference_number text not null references works,
        summary jsonb not null
      );
      create index permits_by_work on permits (work_reference_number);

      -- This app's subscription to push notifications. One row.
      create table watch_subscription (
        singleton boolean primary key default true check (singleton),
        subscription_reference_number text not null,
        api_endpoint text not null,
        subscribed_at timestamptz not null default now(),
        confirmed_at timestamptz
      );

      -- Messages received and verified, once per message id (webhook-id): deliveries are
      -- at least once. The event's fields for a Notification; null for a confirmation.
      create table received_messages (
        message_id text primary key,
        type text not null,
        received_at timestamptz not null default now(),
        update_id bigint,
        work_reference_number text,
        event_type text
      );
    `,
  },
];
