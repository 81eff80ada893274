import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. No key or share is ever stored. */
export const keyManagementMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-recovery-keys': {
    async up(db: Kysely<any>) {
      await sql`
        create table key_management_recovery_keys (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          label text not null,
          threshold int not null check (threshold >= 2),
          share_count int not null check (share_count between threshold and 255),
          fingerprint text not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index key_management_recovery_keys_team on key_management_recovery_keys (team_id, seq)`.execute(db);
      await sql`
        create table key_management_reconstructions (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          recovery_key_id uuid not null references key_management_recovery_keys (id),
          purpose text not null check (purpose in ('verify', 'reconstruct')),
          shares_given int not null,
          matches boolean not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index key_management_reconstructions_key on key_management_reconstructions (team_id, recovery_key_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists key_management_reconstructions`.execute(db);
      await sql`drop table if exists key_management_recovery_keys`.execute(db);
    },
  },
};
