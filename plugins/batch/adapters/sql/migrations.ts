import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The batch plugin's tables, prefixed with its name and carrying team_id. */
export const batchMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-batches': {
    async up(db: Kysely<any>) {
      await sql`
        create table batch_batches (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          type text not null check (type in ('transfer', 'payout')),
          status text not null check (status in ('processing', 'completed')),
          total integer not null check (total > 0),
          completed integer not null default 0,
          failed integer not null default 0,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          completed_at timestamptz,
          check (completed + failed <= total)
        )`.execute(db);
      await sql`create index batch_batches_team_order on batch_batches (team_id, seq)`.execute(db);
      await sql`
        create table batch_items (
          team_id text not null,
          batch_id uuid not null references batch_batches (id),
          position integer not null check (position >= 0),
          status text not null check (status in ('pending', 'completed', 'failed')),
          from_account text not null,
          to_account text,
          asset_code text not null,
          amount numeric(78, 0) not null check (amount > 0),
          reference text,
          movement_id text,
          error_code text,
          error_detail text,
          processed_at timestamptz,
          primary key (batch_id, position)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists batch_items`.execute(db);
      await sql`drop table if exists batch_batches`.execute(db);
    },
  },
};
