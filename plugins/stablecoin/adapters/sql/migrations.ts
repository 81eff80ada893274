import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's table, prefixed with its name and carrying team_id. Amounts are numeric minor units. */
export const stablecoinMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-issuances': {
    async up(db: Kysely<any>) {
      await sql`
        create table stablecoin_issuances (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          kind text not null check (kind in ('mint', 'redeem')),
          code text not null,
          reference_asset text not null,
          account_id uuid not null,
          amount numeric(40, 0) not null check (amount > 0),
          movement_id text not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index stablecoin_issuances_team on stablecoin_issuances (team_id, code, seq)`.execute(db);
      // One row per team and token, locked by each redemption (ports.ts: lockToken).
      await sql`create table stablecoin_token_locks (team_id text not null, code text not null, primary key (team_id, code))`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists stablecoin_token_locks`.execute(db);
      await sql`drop table if exists stablecoin_issuances`.execute(db);
    },
  },
};
