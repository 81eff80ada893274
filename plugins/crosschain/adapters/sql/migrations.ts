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
};
