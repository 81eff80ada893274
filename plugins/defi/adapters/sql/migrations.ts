import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The DeFi module's tables: pools are the simulated chains' state (no team); quotes carry team_id. */
export const defiMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-pools-and-quotes': {
    async up(db: Kysely<any>) {
      // Reserves are uint256 base units in the order of the pool's tokens (a third only for Curve's 3pool).
      await sql`
        create table defi_pools (
          id text primary key,
          chain text not null,
          reserve0 numeric(78, 0) not null check (reserve0 >= 0),
          reserve1 numeric(78, 0) not null check (reserve1 >= 0),
          reserve2 numeric(78, 0) check (reserve2 >= 0),
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index defi_pools_chain on defi_pools (chain)`.execute(db);
      await sql`
        create table defi_quotes (
          id uuid primary key,
          team_id text not null,
          chain text not null,
          token_in text not null,
          token_out text not null,
          amount_in numeric(78, 0) not null,
          estimated_output numeric(78, 0) not null,
          minimum_output numeric(78, 0),
          route jsonb not null,
          alternatives jsonb not null,
          price_impact_ppm bigint not null,
          gas_usd_micros numeric(78, 0) not null,
          gas_units bigint not null,
          gas_price_wei numeric(78, 0) not null,
          expires_at timestamptz not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index defi_quotes_team on defi_quotes (team_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists defi_quotes`.execute(db);
      await sql`drop table if exists defi_pools`.execute(db);
    },
  },
  '0003-swaps': {
    async up(db: Kysely<any>) {
      await sql`alter table defi_quotes add column executed_at timestamptz`.execute(db);
      await sql`
        create table defi_swaps (
          id uuid primary key,
          team_id text not null,
          quote_id uuid not null unique references defi_quotes (id),
          account_id text not null,
          chain text not null,
          token_in text not null,
          token_out text not null,
          amount_in numeric(78, 0) not null,
          expected_output numeric(78, 0) not null,
          amount_out numeric(78, 0) not null,
          minimum_output numeric(78, 0) not null,
          dex text not null,
          path jsonb not null,
          pools jsonb not null,
          tx_hash text not null,
          gas_price_wei numeric(78, 0) not null,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index defi_swaps_team on defi_swaps (team_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists defi_swaps`.execute(db);
      await sql`alter table defi_quotes drop column if exists executed_at`.execute(db);
    },
  },
  '0005-liquidity': {
    async up(db: Kysely<any>) {
      await sql`alter table defi_pools add column total_shares numeric(78, 0) not null default 0 check (total_shares >= 0)`.execute(db);
      await sql`
        create table defi_liquidity_positions (
          id uuid primary key,
          team_id text not null,
          account_id text not null,
          chain text not null,
          pool_id text not null references defi_pools (id),
          shares numeric(78, 0) not null check (shares > 0),
          deposited jsonb not null,
          invariant_per_share numeric(78, 0) not null,
          status text not null check (status in ('open', 'closed')),
          withdrawn jsonb,
          opened_at timestamptz not null,
          closed_at timestamptz
        )`.execute(db);
      await sql`create index defi_liquidity_positions_team on defi_liquidity_positions (team_id, opened_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists defi_liquidity_positions`.execute(db);
      await sql`alter table defi_pools drop column if exists total_shares`.execute(db);
    },
  },
  '0006-positions': {
    async up(db: Kysely<any>) {
      // Lending positions (docs/defi.md, Lending): principal in base units; settled once closed.
      await sql`
        create table defi_lending_positions (
          id uuid primary key,
          team_id text not null,
          account_id text not null,
          chain text not null,
          side text not null check (side in ('supply', 'borrow')),
          token text not null,
          principal numeric(78, 0) not null check (principal > 0),
          status text not null check (status in ('open', 'closed')),
          settled numeric(78, 0),
          warned boolean not null default false,
          opened_at timestamptz not null,
          closed_at timestamptz
        )`.execute(db);
      await sql`create index defi_lending_positions_team on defi_lending_positions (team_id, opened_at)`.execute(db);
      await sql`create index defi_lending_positions_account on defi_lending_positions (team_id, account_id, chain) where status = 'open'`.execute(db);
      // The lending market's liquidity is minted once per chain and token: this row says it was.
      await sql`
        create table defi_lending_markets (
          chain text not null,
          token text not null,
          seeded_at timestamptz not null,
          primary key (chain, token)
        )`.execute(db);
      // Staking and farming positions: rewards accrue from rewards_from (opening or the last harvest).
      await sql`
        create table defi_yield_positions (
          id uuid primary key,
          team_id text not null,
          account_id text not null,
          chain text not null,
          program_id text not null,
          amount numeric(78, 0) not null check (amount > 0),
          rewards_from timestamptz not null,
          harvested numeric(78, 0) not null check (harvested >= 0),
          status text not null check (status in ('open', 'closed')),
          opened_at timestamptz not null,
          closed_at timestamptz
        )`.execute(db);
      await sql`create index defi_yield_positions_team on defi_yield_positions (team_id, opened_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists defi_yield_positions`.execute(db);
      await sql`drop table if exists defi_lending_markets`.execute(db);
      await sql`drop table if exists defi_lending_positions`.execute(db);
    },
  },
};
