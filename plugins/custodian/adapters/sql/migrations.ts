import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name; team tables carry team_id. Amounts are numeric minor units. */
export const custodianMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-custodian': {
    async up(db: Kysely<any>) {
      await sql`
        create table custodian_accounts (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          account_id uuid not null,
          custodian text not null,
          external_id text not null,
          status text not null check (status in ('linked', 'unlinked')),
          last_synced_at timestamptz,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index custodian_accounts_team on custodian_accounts (team_id, seq)`.execute(db);
      // One live link per account and custodian.
      await sql`create unique index custodian_accounts_linked on custodian_accounts (team_id, account_id, custodian) where status = 'linked'`.execute(db);
      await sql`
        create table custodian_balances (
          team_id text not null,
          custodian_account_id uuid not null references custodian_accounts (id),
          holding text not null,
          custodian_balance numeric(40, 0) not null,
          ledger_balance numeric(40, 0) not null,
          synced_at timestamptz not null,
          primary key (custodian_account_id, holding)
        )`.execute(db);
      // The simulated custodian's own books (adapters/simulator): not a team's data, the custodian's.
      await sql`
        create table custodian_simulated_accounts (
          external_id text primary key,
          syncs int not null check (syncs >= 0),
          balances jsonb not null
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists custodian_simulated_accounts`.execute(db);
      await sql`drop table if exists custodian_balances`.execute(db);
      await sql`drop table if exists custodian_accounts`.execute(db);
    },
  },
};
