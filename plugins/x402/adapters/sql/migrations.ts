import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. */
export const x402Migrations: Readonly<Record<string, SqlMigration>> = {
  '0001-endpoints-and-payments': {
    async up(db: Kysely<any>) {
      await sql`
        create table x402_endpoints (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          path text not null unique,
          price_usd_cents integer not null check (price_usd_cents > 0),
          network text not null,
          asset text not null,
          description text not null,
          account_id text not null,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index x402_endpoints_team_order on x402_endpoints (team_id, seq)`.execute(db);
      await sql`
        create table x402_payments (
          seq bigint generated always as identity,
          id uuid primary key,
          team_id text not null,
          direction text not null check (direction in ('received', 'made')),
          status text not null check (status in ('verified', 'settled', 'failed')),
          failure_reason text,
          network text not null,
          asset text not null,
          amount numeric(78, 0) not null,
          payer text not null,
          receiver text not null,
          endpoint_id uuid,
          resource text not null,
          nonce text not null,
          tx_hash text,
          settled_at timestamptz,
          created_at timestamptz not null
        )`.execute(db);
      await sql`create index x402_payments_team_order on x402_payments (team_id, seq)`.execute(db);
      // One EIP-3009 nonce settles once per payer and network: the token contract's rule, kept by this key.
      await sql`
        create table x402_nonces (
          network text not null,
          payer text not null,
          nonce text not null,
          primary key (network, payer, nonce)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists x402_nonces`.execute(db);
      await sql`drop table if exists x402_payments`.execute(db);
      await sql`drop table if exists x402_endpoints`.execute(db);
    },
  },
  '0002-buying-side': {
    async up(db: Kysely<any>) {
      // Payments made (POST /x402/pay): the paying account, the agent, the cents counted against the limits, the authorization's end.
      await sql`alter table x402_payments add column account_id text, add column agent_key_id text, add column spent_cents bigint, add column valid_before timestamptz`.execute(db);
      await sql`create index x402_payments_verified on x402_payments (created_at) where status = 'verified'`.execute(db);
      await sql`create index x402_payments_nonce on x402_payments (network, lower(payer), lower(nonce)) where status = 'settled'`.execute(db);
      await sql`
        create table x402_spending_limits (
          seq bigint generated always as identity,
          team_id text not null,
          subject text not null,
          name text not null,
          daily_cents bigint check (daily_cents >= 0),
          monthly_cents bigint check (monthly_cents >= 0),
          per_request_cents bigint check (per_request_cents >= 0),
          created_at timestamptz not null,
          updated_at timestamptz not null,
          primary key (team_id, subject)
        )`.execute(db);
      // One counter per (team, subject, day or month); a reservation is a conditional upsert of it.
      await sql`
        create table x402_spending (
          team_id text not null,
          subject text not null,
          period text not null,
          spent_cents bigint not null check (spent_cents >= 0),
          primary key (team_id, subject, period)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists x402_spending`.execute(db);
      await sql`drop table if exists x402_spending_limits`.execute(db);
      await sql`drop index if exists x402_payments_nonce`.execute(db);
      await sql`drop index if exists x402_payments_verified`.execute(db);
      await sql`alter table x402_payments drop column account_id, drop column agent_key_id, drop column spent_cents, drop column valid_before`.execute(db);
    },
  },
  '0003-pay-request-key': {
    async up(db: Kysely<any>) {
      // One payment made per (team, Idempotency-Key): POST /x402/pay runs outside the key's transaction (it calls out), so this is what stops a retry paying twice.
      await sql`alter table x402_payments add column request_key text`.execute(db);
      await sql`create unique index x402_payments_request_key on x402_payments (team_id, request_key) where request_key is not null`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop index if exists x402_payments_request_key`.execute(db);
      await sql`alter table x402_payments drop column request_key`.execute(db);
    },
  },
};
