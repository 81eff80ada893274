import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The privacy plugin's table, carrying team_id (the subject's team). */
export const privacyMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-requests': {
    async up(db: Kysely<any>) {
      await sql`
        create table privacy_requests (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          user_id text not null,
          type text not null check (type in ('export', 'erasure')),
          status text not null check (status in ('received', 'completed')),
          requested_by_team_id text not null,
          requested_by_user_id text not null,
          modules text not null,
          document text,
          created_at timestamptz not null,
          completed_at timestamptz
        )`.execute(db);
      await sql`create index privacy_requests_team_order on privacy_requests (team_id, seq)`.execute(db);
      await sql`create index privacy_requests_subject on privacy_requests (team_id, user_id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists privacy_requests`.execute(db);
    },
  },
};
