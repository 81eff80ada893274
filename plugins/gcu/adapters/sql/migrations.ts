import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

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

/**
 * Holdings become a history (one row per balance change, with its time) so a
 * proposal's voting power can be read as of its start. Rows stored before
 * this have no time; they are dated 1970, i.e. held before any proposal.
 */
const holdingHistory = [
  `alter table gcu_holdings add column occurred_at timestamptz not null default '1970-01-01T00:00:00Z'`,
  `alter table gcu_holdings alter column occurred_at drop default`,
  `alter table gcu_holdings drop constraint gcu_holdings_pkey`,
  `alter table gcu_holdings add primary key (account_id, asset_code, position)`,
  `drop index gcu_holdings_team`,
];

const run = (list: readonly string[]): SqlMigration => ({
  async up(db: Kysely<any>) {
    for (const statement of list) await sql.raw(statement).execute(db);
  },
});

export const gcuMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-gcu': run(statements),
  '0002-gcu-holding-history': run(holdingHistory),
};
