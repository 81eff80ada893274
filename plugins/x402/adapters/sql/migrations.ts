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
};
