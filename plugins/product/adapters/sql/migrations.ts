import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The product plugin's tables, prefixed with its name and carrying team_id. */
export const productMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-products': {
    async up(db: Kysely<any>) {
      await sql`
        create table product_products (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          name text not null,
          account_type text not null,
          asset_code text not null,
          interest_rate_bps integer not null check (interest_rate_bps between 0 and 100000),
          monthly_fee numeric(78, 0) not null check (monthly_fee >= 0),
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index product_products_team_order on product_products (team_id, seq)`.execute(db);
      await sql`
        create table product_activations (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          product_id uuid not null references product_products (id),
          account_id text not null unique,
          activated_at timestamptz not null,
          accrued_through timestamptz not null,
          accrued_remainder numeric(78, 0) not null check (accrued_remainder >= 0),
          interest_paid numeric(78, 0) not null,
          fees_charged numeric(78, 0) not null,
          next_fee_at timestamptz,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index product_activations_team_order on product_activations (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists product_activations`.execute(db);
      await sql`drop table if exists product_products`.execute(db);
    },
  },
};
