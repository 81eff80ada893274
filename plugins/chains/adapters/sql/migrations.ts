import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/**
 * The simulated chains' state. Amounts are uint256 in base units
 * (numeric(78,0) holds 2^256 − 1); balances never go negative.
 */
export const chainsMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-simulator-state': {
    async up(db: Kysely<any>) {
      await sql`
        create table chains_balances (
          chain text not null,
          address text not null,
          asset_code text not null,
          amount numeric(78, 0) not null check (amount >= 0),
          primary key (chain, address, asset_code)
        )`.execute(db);
      await sql`
        create table chains_nonces (
          chain text not null,
          address text not null,
          next_nonce bigint not null,
          primary key (chain, address)
        )`.execute(db);
      await sql`
        create table chains_transactions (
          hash text primary key,
          chain text not null,
          kind text not null check (kind in ('transfer', 'mint')),
          from_address text not null,
          to_address text not null,
          asset_code text not null,
          amount numeric(78, 0) not null check (amount > 0),
          nonce bigint not null,
          block_number bigint not null,
          gas_used bigint not null,
          gas_price_wei numeric(78, 0) not null,
          submitted_at timestamptz not null,
          unique (chain, from_address, nonce)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists chains_transactions`.execute(db);
      await sql`drop table if exists chains_nonces`.execute(db);
      await sql`drop table if exists chains_balances`.execute(db);
    },
  },
  '0002-custody': {
    async up(db: Kysely<any>) {
      // One row: the fingerprint of the seed every address here was derived from.
      await sql`
        create table chains_custody_seed (
          id smallint primary key check (id = 1),
          fingerprint text not null
        )`.execute(db);
      await sql`
        create table chains_custody_accounts (
          account_index integer generated always as identity (start with 0 minvalue 0) primary key,
          account_id text not null unique,
          team_id text not null
        )`.execute(db);
      await sql`
        create table chains_custody_addresses (
          chain text not null,
          address text not null,
          team_id text not null,
          account_id text not null,
          account_index integer not null references chains_custody_accounts (account_index),
          primary key (chain, address),
          unique (account_id, chain)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists chains_custody_addresses`.execute(db);
      await sql`drop table if exists chains_custody_accounts`.execute(db);
      await sql`drop table if exists chains_custody_seed`.execute(db);
    },
  },
  '0003-custody-per-team': {
    // System accounts (system:fees, a pool's account …) hold tokens too, and their ids repeat in every team.
    async up(db: Kysely<any>) {
      await sql`alter table chains_custody_accounts drop constraint chains_custody_accounts_account_id_key`.execute(db);
      await sql`alter table chains_custody_accounts add constraint chains_custody_accounts_team_account_key unique (team_id, account_id)`.execute(db);
      await sql`alter table chains_custody_addresses drop constraint chains_custody_addresses_account_id_chain_key`.execute(db);
      await sql`alter table chains_custody_addresses add constraint chains_custody_addresses_team_account_chain_key unique (team_id, account_id, chain)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`alter table chains_custody_addresses drop constraint chains_custody_addresses_team_account_chain_key`.execute(db);
      await sql`alter table chains_custody_addresses add constraint chains_custody_addresses_account_id_chain_key unique (account_id, chain)`.execute(db);
      await sql`alter table chains_custody_accounts drop constraint chains_custody_accounts_team_account_key`.execute(db);
      await sql`alter table chains_custody_accounts add constraint chains_custody_accounts_account_id_key unique (account_id)`.execute(db);
    },
  },
  '0004-custody-created-at': {
    // When each address was derived, for the key inventory (docs/key-management.md); older rows keep null.
    async up(db: Kysely<any>) {
      await sql`alter table chains_custody_addresses add column created_at timestamptz`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`alter table chains_custody_addresses drop column created_at`.execute(db);
    },
  },
};
