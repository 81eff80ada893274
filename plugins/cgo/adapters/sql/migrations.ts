import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/**
 * The cgo plugin's tables, prefixed with its name. Rounds are the bank's
 * (team_id is the operator's team that opened it); investments carry the
 * investing team's id, one per team and round. Money is NUMERIC(78,0) minor units.
 */
export const cgoMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-rounds': {
    async up(db: Kysely<any>) {
      await sql`
        create table cgo_rounds (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          name text not null,
          asset_code text not null,
          price_per_unit numeric(78, 0) not null check (price_per_unit > 0),
          min_units bigint not null check (min_units > 0),
          max_units bigint not null check (max_units >= min_units),
          hard_cap_units bigint not null check (hard_cap_units >= max_units),
          closes_at timestamptz not null,
          status text not null check (status in ('open', 'closed')),
          created_at timestamptz not null,
          closed_at timestamptz,
          subscribed_units bigint,
          allocated_units bigint,
          investors integer
        )`.execute(db);
      await sql`create index cgo_rounds_due on cgo_rounds (closes_at) where status = 'open'`.execute(db);
      await sql`
        create table cgo_investments (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          round_id uuid not null references cgo_rounds (id),
          account_id text not null,
          asset_code text not null,
          requested_units bigint not null check (requested_units > 0),
          paid numeric(78, 0) not null check (paid > 0),
          status text not null check (status in ('escrowed', 'allocated')),
          allocated_units bigint,
          cost numeric(78, 0),
          refund numeric(78, 0),
          refund_status text not null check (refund_status in ('pending', 'none', 'refunded', 'held')),
          payment_movement_id text not null,
          settlement_movement_id text,
          created_at timestamptz not null,
          allocated_at timestamptz,
          unique (round_id, team_id)
        )`.execute(db);
      await sql`create index cgo_investments_team on cgo_investments (team_id, seq)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists cgo_investments`.execute(db);
      await sql`drop table if exists cgo_rounds`.execute(db);
    },
  },
};
