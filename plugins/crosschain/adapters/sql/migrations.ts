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
  '0003-cross-chain-swaps': {
    async up(db: Kysely<any>) {
      // A fault that reverts the source transaction before it is final (the transfer fails while pending).
      await sql`alter table crosschain_bridge_transfers drop constraint if exists crosschain_bridge_transfers_fault_check`.execute(db);
      await sql`alter table crosschain_bridge_transfers add constraint crosschain_bridge_transfers_fault_check check (fault in ('fail', 'timeout', 'revert'))`.execute(db);
      await sql`alter table crosschain_bridge_faults drop constraint if exists crosschain_bridge_faults_fault_check`.execute(db);
      await sql`alter table crosschain_bridge_faults add constraint crosschain_bridge_faults_fault_check check (fault in ('fail', 'timeout', 'revert'))`.execute(db);
      // The portfolio lists a team's transfers in flight.
      await sql`create index crosschain_bridge_transfers_in_flight on crosschain_bridge_transfers (team_id, created_at) where status not in ('completed', 'failed')`.execute(db);
      // Amounts are base units: of the bridged token (amount, bridge_fee, bridged_amount) and of the token bought (the outputs).
      await sql`
        create table crosschain_swaps (
          id uuid primary key,
          team_id text not null,
          account_id text not null,
          bridge_transfer_id uuid not null,
          protocol text not null check (protocol in ('wormhole', 'layerzero', 'axelar')),
          source_chain text not null,
          destination_chain text not null,
          from_token text not null,
          to_token text not null,
          amount numeric(78, 0) not null check (amount > 0),
          bridge_fee numeric(78, 0) not null check (bridge_fee >= 0),
          bridged_amount numeric(78, 0) not null check (bridged_amount > 0),
          slippage_bps integer not null check (slippage_bps between 0 and 10000),
          expected_output numeric(78, 0) not null check (expected_output >= 0),
          minimum_output numeric(78, 0) not null check (minimum_output >= 0),
          status text not null check (status in ('bridging', 'completed', 'bridged_not_swapped', 'failed')),
          swap_id uuid,
          amount_out numeric(78, 0),
          swap_tx_hash text,
          offered_output numeric(78, 0),
          failure_reason text,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          check (amount = bridge_fee + bridged_amount)
        )`.execute(db);
      await sql`create index crosschain_swaps_team on crosschain_swaps (team_id, created_at)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists crosschain_swaps`.execute(db);
      await sql`drop index if exists crosschain_bridge_transfers_in_flight`.execute(db);
    },
  },
};
