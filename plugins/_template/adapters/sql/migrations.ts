import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. */
export const templateMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-items': {
    async up(db: Kysely<any>) {
      await sql`
        create table template_items (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          title text not null,
          status text not null check (status in ('pending', 'active', 'expired')),
          expires_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index template_items_team_order on template_items (team_id, seq)`.execute(db);
      // The sweep reads only active items with an expiry, earliest first.
      await sql`create index template_items_due on template_items (expires_at) where status = 'active' and expires_at is not null`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists template_items`.execute(db);
    },
  },
};
