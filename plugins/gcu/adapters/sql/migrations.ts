import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/contract/plugin.js';

/**
 * The GCU plugin's tables. Bank-wide records (baskets, their versions,
 * proposals) keep their queried columns as columns and the rest as a jsonb
 * document whose amounts are decimal strings. Team-owned rows (votes,
 * reserves, holdings, snapshots) carry team_id in their keys. Money is NUMERIC(78,0)
 * minor units; prices are exact decimal text.
 */
const statements = [
  `create table gcu_baskets (
    code text primary key,
    doc jsonb not null,
    updated_at timestamptz not null
  )`,
  `create table gcu_basket_versions (
    code text not null,
    version integer not null,
    effective_at timestamptz not null,
    doc jsonb not null,
    primary key (code, version)
  )`,
  `create table gcu_prices (
    asset_code text not null,
    at timestamptz not null,
    usd text not null,
    primary key (asset_code, at)
  )`,
  `create index gcu_prices_at on gcu_prices (at)`,
  `create table gcu_proposals (
    id text primary key,
    basket_code text not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    created_at timestamptz not null,
    doc jsonb not null
  )`,
  `create index gcu_proposals_window on gcu_proposals (basket_code, starts_at)`,
  `create table gcu_votes (
    proposal_id text not null references gcu_proposals (id),
    team_id text not null,
    cast_at timestamptz not null,
    power numeric(78, 0) not null check (power > 0),
    doc jsonb not null,
    primary key (proposal_id, team_id)
  )`,
  `create index gcu_votes_team on gcu_votes (team_id, cast_at)`,
  `create table gcu_reserves (
    team_id text not null,
    basket_code text not null,
    outstanding numeric(78, 0) not null check (outstanding >= 0),
    version integer not null,
    primary key (team_id, basket_code)
  )`,
  `create table gcu_holdings (
    account_id text not null,
    asset_code text not null,
    team_id text not null,
    position numeric(78, 0) not null,
    balance numeric(78, 0) not null,
    primary key (account_id, asset_code)
  )`,
  `create index gcu_holdings_team on gcu_holdings (asset_code, team_id)`,
  `create table gcu_snapshots (
    proposal_id text not null references gcu_proposals (id),
    team_id text not null,
    power numeric(78, 0) not null check (power > 0),
    primary key (proposal_id, team_id)
  )`,
];

export const gcuMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-gcu': {
    async up(db: Kysely<any>) {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  },
};
