import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

/** The dashboard's tables: only a bank with the dashboard enabled has them. */
export const dashboardMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-event-tally': {
    // Filled by the dashboard.event-tally consumer group from the start of the log (docs/decisions.md:
    // it replaces the kernel's event_type_tally). The mark is the consumer cursor the counts reach.
    async up(db: Kysely<any>) {
      await sql`create table dashboard_event_tally (type text primary key, count bigint not null)`.execute(db);
      await sql`create table dashboard_event_tally_mark (id integer primary key check (id = 1), through text not null)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists dashboard_event_tally_mark`.execute(db);
      await sql`drop table if exists dashboard_event_tally`.execute(db);
    },
  },
  '0002-event-team-tally': {
    // The team views' all-time counts, kept by the same group beside the service's. Filled here with every
    // event up to the mark, read in this statement's snapshot, so both tallies reach the same cursor
    // (a SQL cursor is '<tx_id>:<position>'); later batches add to both.
    async up(db: Kysely<any>) {
      await sql`create table dashboard_event_team_tally (
        team_id text not null,
        type text not null,
        count bigint not null,
        primary key (team_id, type)
      )`.execute(db);
      await sql`insert into dashboard_event_team_tally (team_id, type, count)
        select e.team_id, e.type, count(*)
        from events e, dashboard_event_tally_mark m
        where m.id = 1 and (e.tx_id, e.position) <= (split_part(m.through, ':', 1)::xid8, split_part(m.through, ':', 2)::bigint)
        group by e.team_id, e.type`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists dashboard_event_team_tally`.execute(db);
    },
  },
};
