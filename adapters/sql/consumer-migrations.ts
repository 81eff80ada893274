import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../kernel/contract/plugin.js';

/** LISTEN/NOTIFY channel on which a process announces that it committed events (adapters/sql/commit-notifier.ts). */
export const EVENTS_CHANNEL = 'bank_events';

/**
 * The event backbone's tables, migrated as 'event-backbone' by `init()`.
 *
 * `events.tx_id` records the inserting transaction (a default, so the event
 * writer needs no change). Consumers order by (tx_id, position) and only read
 * rows whose transaction is older than every running one: identity positions
 * are handed out at insert and can commit out of order, transaction ids below
 * the snapshot's xmin cannot gain new rows. See docs/decisions.md.
 */
export const consumerMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-consumer-groups': {
    async up(db: Kysely<any>) {
      const statements = [
        sql`alter table events add column tx_id xid8 not null default pg_current_xact_id()`,
        sql`create index events_consumer_order_idx on events (tx_id, position)`,
        sql`create index events_occurred_at_idx on events (occurred_at)`,
        sql`create table event_consumer_checkpoints (
          group_name text primary key,
          tx_id xid8 not null default '0',
          position bigint not null default 0,
          handled bigint not null default 0,
          parked bigint not null default 0,
          attempts integer not null default 0,
          failing_cursor text,
          last_error text,
          updated_at timestamptz not null
        )`,
        sql`create table event_consumer_parked (
          group_name text not null,
          position bigint not null,
          event_id uuid not null,
          type text not null,
          team_id text not null,
          error text not null,
          attempts integer not null,
          parked_at timestamptz not null,
          primary key (group_name, position)
        )`,
        sql`create index event_consumer_parked_at_idx on event_consumer_parked (parked_at desc)`,
        // Statement-level: one notification per committing insert, delivered at commit, coalesced by PostgreSQL.
        sql`create function bank_notify_events() returns trigger language plpgsql as $$
          begin perform pg_notify(${sql.lit(EVENTS_CHANNEL)}, ''); return null; end $$`,
        sql`create trigger events_notify after insert on events for each statement execute function bank_notify_events()`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop trigger if exists events_notify on events`.execute(db);
      await sql`drop function if exists bank_notify_events()`.execute(db);
      await sql`drop table if exists event_consumer_parked`.execute(db);
      await sql`drop table if exists event_consumer_checkpoints`.execute(db);
      await sql`alter table events drop column if exists tx_id`.execute(db);
    },
  },
  '0002-notify-after-commit': {
    // The statement trigger of 0001 made every committing transaction take PostgreSQL's notification lock;
    // the unit of work now sends one coalesced NOTIFY per process after commits instead.
    async up(db: Kysely<any>) {
      await sql`drop trigger if exists events_notify on events`.execute(db);
      await sql`drop function if exists bank_notify_events()`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`create function bank_notify_events() returns trigger language plpgsql as $$
        begin perform pg_notify(${sql.lit(EVENTS_CHANNEL)}, ''); return null; end $$`.execute(db);
      await sql`create trigger events_notify after insert on events for each statement execute function bank_notify_events()`.execute(db);
    },
  },
  '0003-consumer-backoff-and-tally': {
    // retry_at: a failing event is tried again only after an exponential backoff (by the Clock port).
    // event_type_tally: per-type counts kept by the kernel's tally group, so dashboards never count the whole log.
    async up(db: Kysely<any>) {
      await sql`alter table event_consumer_checkpoints add column retry_at timestamptz`.execute(db);
      await sql`create table event_type_tally (type text primary key, count bigint not null)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists event_type_tally`.execute(db);
      await sql`alter table event_consumer_checkpoints drop column if exists retry_at`.execute(db);
    },
  },
  '0004-event-tally-to-dashboard': {
    // The tally is the dashboard's (dashboard_event_tally, group dashboard.event-tally, rebuilt from the
    // start of the log): the kernel's table and group go, so a bank without the dashboard keeps neither.
    async up(db: Kysely<any>) {
      await sql`drop table if exists event_type_tally`.execute(db);
      await sql`delete from event_consumer_parked where group_name = 'kernel.event-tally'`.execute(db);
      await sql`delete from event_consumer_checkpoints where group_name = 'kernel.event-tally'`.execute(db);
    },
    async down(db: Kysely<any>) {
      // Empty, with no checkpoint: the old group would count the log again from its start.
      await sql`create table event_type_tally (type text primary key, count bigint not null)`.execute(db);
    },
  },
  '0005-team-indexes': {
    // The live dashboard's team views: a team's pending events behind a checkpoint and its newest event
    // (team, commit order), its events in a window (team, occurred_at), its parked events.
    async up(db: Kysely<any>) {
      await sql`create index events_team_order_idx on events (team_id, tx_id, position)`.execute(db);
      await sql`create index events_team_occurred_idx on events (team_id, occurred_at)`.execute(db);
      await sql`create index event_consumer_parked_team_idx on event_consumer_parked (team_id, parked_at desc)`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const index of ['event_consumer_parked_team_idx', 'events_team_occurred_idx', 'events_team_order_idx']) {
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
      }
    },
  },
  '0006-events-occurred-at-brin': {
    // Only the all-teams window count (countSince without a team) reads occurred_at alone, and events are
    // appended in time order: a BRIN index serves it and costs an insert nothing until its range is
    // summarised, where the btree cost every event an index entry and a WAL record (docs/benchmarks.md).
    // autosummarize asks autovacuum to summarise each range as it fills; VACUUM does it too (PGlite's upkeep).
    async up(db: Kysely<any>) {
      await sql`create index events_occurred_at_brin on events using brin (occurred_at) with (autosummarize = on)`.execute(db);
      await sql`drop index if exists events_occurred_at_idx`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`create index events_occurred_at_idx on events (occurred_at)`.execute(db);
      await sql`drop index if exists events_occurred_at_brin`.execute(db);
    },
  },
};
