import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The query log, prefixed with the plugin's name and carrying team_id. */
export const aiMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-query-log': {
    async up(db: Kysely<any>) {
      await sql`
        create table ai_queries (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          kind text not null check (kind in ('v1.transactions', 'v2.query')),
          query text not null,
          account_id uuid,
          cache_key text not null,
          interpretation jsonb not null,
          answer jsonb not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index ai_queries_team_order on ai_queries (team_id, seq)`.execute(db);
      // The cache looks up the newest answer to the same question.
      await sql`create index ai_queries_team_key on ai_queries (team_id, cache_key, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists ai_queries`.execute(db);
    },
  },
};
