import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The cross-chain module's tables, prefixed with its name and carrying team_id. */
export const crosschainMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-bridge-quotes': {
    async up(db: Kysely<any>) {
      // Amounts are base units of the token (uint256 on chain); alternatives are JSON with amounts as strings.
      await sql`
        create table crosschain_bridge_quotes (
          id uuid primary key,
          team_id text not null,
          protocol text not null check (protocol in ('wormhole', 'layerzero', 'axelar')),
          source_chain text not null,
          destination_chain text not null,
          token text not null,
          input_amount numeric(78, 0) not null check (input_amount > 0),
          fee_amount numeric(78, 0) not null check (fee_amount >= 0),
          receive_amount numeric(78, 0) not null check (receive_amount > 0),
          fee_usd_micros numeric(78, 0) not null,
          duration_seconds integer not null check (duration_seconds >= 0),
          destination_gas_price_wei numeric(78, 0) not null,
          alternatives jsonb not null,
          expires_at timestamptz not null,
          created_at timestamptz not null,
          check (input_amount = fee_amount + receive_amount)
        )`.execute(db);
      await sql`create index crosschain_bridge_quotes_team on crosschain_bridge_quotes (team_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists crosschain_bridge_quotes`.execute(db);
    },
  },
  '0002-bridge-transfers': {
    async up(db: Kysely<any>) {
      // Amounts are base units; the schedule is when each lifecycle step is due in service time (time_scale applied).
      await sql`
        create table crosschain_bridge_transfers (
          id uuid primary key,
          team_id text not null,
          quote_id uuid,
          protocol text not null check (protocol in ('wormhole', 'layerzero', 'axelar')),
          source_chain text not null,
          destination_chain text not null,
          token text not null,
          source_code text not null,
          destination_code text not null,
          account_id text not null,
          sender_address text not null,
          recipient_address text,
          recipient_team_id text,
          recipient_account_id text,
          input_amount numeric(78, 0) not null check (input_amount > 0),
          fee_amount numeric(78, 0) not null check (fee_amount >= 0),
          receive_amount numeric(78, 0) not null check (receive_amount > 0),
          fault text check (fault in ('fail', 'timeout')),
          status text not null check (status in ('pending', 'source_confirmed', 'attested', 'completed', 'failed')),
          source_tx_hash text not null,
          destination_tx_hash text,
          refund_tx_hash text,
          failure_reason text,
          source_confirm_at timestamptz not null,
          attest_at timestamptz not null,
          complete_at timestamptz not null,
          timeout_at timestamptz not null,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          check (input_amount = fee_amount + receive_amount)
        )`.execute(db);
      await sql`create index crosschain_bridge_transfers_team on crosschain_bridge_transfers (team_id, created_at)`.execute(db);
      // A quote initiates at most one transfer, even under concurrent initiations.
      await sql`create unique index crosschain_bridge_transfers_quote on crosschain_bridge_transfers (team_id, quote_id) where quote_id is not null`.execute(db);
      await sql`
        create table crosschain_bridge_faults (
          protocol text primary key check (protocol in ('wormhole', 'layerzero', 'axelar')),
          fault text not null check (fault in ('fail', 'timeout')),
          remaining integer not null check (remaining >= 0)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists crosschain_bridge_faults`.execute(db);
      await sql`drop table if exists crosschain_bridge_transfers`.execute(db);
    },
  },
};
