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
};
