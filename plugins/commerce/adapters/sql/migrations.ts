import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The commerce plugin's tables, prefixed with its name and carrying team_id. */
export const commerceMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-merchants-invoices': {
    async up(db: Kysely<any>) {
      await sql`
        create table commerce_merchants (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          name text not null,
          settlement_account_id text not null,
          status text not null check (status in ('pending', 'approved', 'suspended')),
          suspension_reason text,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index commerce_merchants_team_order on commerce_merchants (team_id, seq)`.execute(db);
      await sql`
        create table commerce_invoices (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          merchant_id uuid not null references commerce_merchants (id),
          pay_code text not null unique,
          amount numeric(78, 0) not null check (amount > 0),
          asset_code text not null,
          description text,
          due_at timestamptz not null,
          status text not null check (status in ('open', 'paid', 'void')),
          paid_at timestamptz,
          movement_id text,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          check ((status = 'paid') = (paid_at is not null))
        )`.execute(db);
      await sql`create index commerce_invoices_team_order on commerce_invoices (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists commerce_invoices`.execute(db);
      await sql`drop table if exists commerce_merchants`.execute(db);
    },
  },
};
