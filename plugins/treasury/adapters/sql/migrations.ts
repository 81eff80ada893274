import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kit/sql.js';

/** The plugin's tables, prefixed with its name and carrying team_id. */
export const treasuryMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-allocations-and-rebalances': {
    async up(db: Kysely<any>) {
      // targets: [{chain, bps}] in the team's order; the bps sum to 10,000 (checked by the operation).
      await sql`
        create table treasury_allocations (
          team_id text not null,
          token text not null,
          targets jsonb not null,
          created_at timestamptz not null,
          updated_at timestamptz not null,
          primary key (team_id, token)
        )`.execute(db);
      // chains and moves hold the plan (amounts as decimal strings of base units, exact).
      await sql`
        create table treasury_rebalances (
          id uuid primary key,
          team_id text not null,
          token text not null,
          account_id text not null,
          tolerance_bps integer not null check (tolerance_bps between 0 and 10000),
          dry_run boolean not null,
          status text not null check (status in ('planned', 'executing', 'completed', 'failed')),
          total numeric(78, 0) not null,
          fee_total numeric(78, 0) not null,
          within_tolerance_before boolean not null,
          within_tolerance_after boolean not null,
          chains jsonb not null,
          moves jsonb not null,
          failure_reason text,
          created_at timestamptz not null,
          updated_at timestamptz not null
        )`.execute(db);
      await sql`create index treasury_rebalances_team on treasury_rebalances (team_id, created_at)`.execute(db);
      // A new rebalance looks for one of the same account and token still in flight.
      await sql`create index treasury_rebalances_executing on treasury_rebalances (team_id, token, account_id) where status = 'executing'`.execute(db);
      // Which rebalance started a bridge transfer: what the settlement looks up for each bridge event.
      await sql`
        create table treasury_rebalance_transfers (
          transfer_id text primary key,
          team_id text not null,
          rebalance_id uuid not null references treasury_rebalances (id)
        )`.execute(db);
    },
    async down(db: Kysely<any>) {
      await sql`drop table if exists treasury_rebalance_transfers`.execute(db);
      await sql`drop table if exists treasury_rebalances`.execute(db);
      await sql`drop table if exists treasury_allocations`.execute(db);
    },
  },
};
