import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

/**
 * Core banking's tables, every one with team_id. Money is NUMERIC(78,0) in
 * minor units (room for any uint256 amount); balances can never go negative
 * (CHECK). One balance row per (team, account, asset); system accounts
 * (system:world, system:fees …) have entries but no balance row. Listing
 * order uses `seq`, an insertion counter, so rows created in the same
 * millisecond still page deterministically.
 */
const statements = [
  `create table core_banking_accounts (
    seq bigint generated always as identity,
    team_id text not null,
    id text not null,
    name text not null,
    type text not null,
    status text not null check (status in ('active', 'frozen', 'closed')),
    metadata jsonb not null default '{}'::jsonb,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (team_id, id)
  )`,
  `create unique index core_banking_accounts_id on core_banking_accounts (id)`,
  `create index core_banking_accounts_team_order on core_banking_accounts (team_id, created_at, seq)`,

  `create table core_banking_balances (
    team_id text not null,
    account_id text not null,
    asset_code text not null,
    available numeric(78, 0) not null default 0,
    reserved numeric(78, 0) not null default 0,
    updated_at timestamptz not null,
    primary key (team_id, account_id, asset_code),
    foreign key (team_id, account_id) references core_banking_accounts (team_id, id),
    constraint core_banking_balances_non_negative check (available >= 0 and reserved >= 0)
  )`,

  `create table core_banking_movements (
    team_id text not null,
    id text primary key,
    kind text not null,
    reference text,
    created_at timestamptz not null
  )`,
  `create index core_banking_movements_team on core_banking_movements (team_id, created_at)`,

  `create table core_banking_entries (
    team_id text not null,
    movement_id text not null references core_banking_movements (id),
    seq smallint not null,
    account_id text not null,
    asset_code text not null,
    amount numeric(78, 0) not null check (amount <> 0),
    created_at timestamptz not null,
    primary key (movement_id, seq)
  )`,
  `create index core_banking_entries_account on core_banking_entries (team_id, account_id, asset_code)`,

  `create table core_banking_holds (
    team_id text not null,
    id text primary key,
    account_id text not null,
    asset_code text not null,
    amount numeric(78, 0) not null check (amount > 0),
    remaining numeric(78, 0) not null check (remaining >= 0 and remaining <= amount),
    status text not null check (status in ('active', 'captured', 'released')),
    reference text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    foreign key (team_id, account_id) references core_banking_accounts (team_id, id)
  )`,

  `create table core_banking_transactions (
    seq bigint generated always as identity,
    team_id text not null,
    id text primary key,
    account_id text not null,
    type text not null check (type in ('deposit', 'withdrawal', 'transfer')),
    amount numeric(78, 0) not null check (amount > 0),
    asset_code text not null,
    amount_scale smallint not null,
    status text not null check (status in ('pending', 'completed', 'failed')),
    reference text,
    transfer_id text,
    movement_id text,
    balance_after numeric(78, 0),
    created_at timestamptz not null,
    completed_at timestamptz,
    foreign key (team_id, account_id) references core_banking_accounts (team_id, id)
  )`,
  `create index core_banking_transactions_account on core_banking_transactions (team_id, account_id, created_at, seq)`,
  `create index core_banking_transactions_team on core_banking_transactions (team_id, created_at, seq)`,
  `create index core_banking_transactions_transfer on core_banking_transactions (team_id, transfer_id, account_id) where transfer_id is not null`,

  `create table core_banking_transfers (
    seq bigint generated always as identity,
    team_id text not null,
    id text primary key,
    from_account text not null,
    to_account text not null,
    amount numeric(78, 0) not null check (amount > 0),
    fee numeric(78, 0) not null check (fee >= 0),
    asset_code text not null,
    status text not null check (status in ('pending', 'completed', 'failed', 'expired', 'reversed')),
    reference text,
    workflow_id text not null,
    workflow_enabled boolean not null,
    hold_id text not null,
    metadata jsonb not null default '{}'::jsonb,
    routing text,
    created_at timestamptz not null,
    estimated_completion timestamptz not null,
    completed_at timestamptz,
    failure_reason text,
    updated_at timestamptz not null,
    check (from_account <> to_account),
    foreign key (team_id, from_account) references core_banking_accounts (team_id, id),
    foreign key (team_id, to_account) references core_banking_accounts (team_id, id)
  )`,
  `create index core_banking_transfers_from on core_banking_transfers (team_id, from_account, created_at, seq)`,
  `create index core_banking_transfers_to on core_banking_transfers (team_id, to_account, created_at, seq)`,
];

const initial: SqlMigration = {
  async up(db: Kysely<any>): Promise<void> {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['transfers', 'transactions', 'holds', 'entries', 'movements', 'balances', 'accounts']) {
      await sql.raw(`drop table if exists core_banking_${table}`).execute(db);
    }
  },
};

/**
 * pending_review (a transfer held at settlement for a compliance review, and
 * its sender's transaction). The CHECKs only widen, so every row already
 * passes: added NOT VALID and validated apart, which scans without blocking
 * writes.
 */
const pendingReview: SqlMigration = {
  async up(db: Kysely<any>): Promise<void> {
    const widen = async (table: string, statuses: readonly string[]): Promise<void> => {
      const name = `${table}_status_check`;
      const list = statuses.map((status) => `'${status}'`).join(', ');
      await sql.raw(`alter table ${table} drop constraint ${name}, add constraint ${name} check (status in (${list})) not valid`).execute(db);
      await sql.raw(`alter table ${table} validate constraint ${name}`).execute(db);
    };
    await widen('core_banking_transactions', ['pending', 'pending_review', 'completed', 'failed']);
    await widen('core_banking_transfers', ['pending', 'pending_review', 'completed', 'failed', 'expired', 'reversed']);
  },
  async down(db: Kysely<any>): Promise<void> {
    // Only possible while no row is pending_review.
    await sql.raw(`alter table core_banking_transactions drop constraint core_banking_transactions_status_check, add constraint core_banking_transactions_status_check check (status in ('pending', 'completed', 'failed'))`).execute(db);
    await sql.raw(`alter table core_banking_transfers drop constraint core_banking_transfers_status_check, add constraint core_banking_transfers_status_check check (status in ('pending', 'completed', 'failed', 'expired', 'reversed'))`).execute(db);
  },
};

/**
 * Fewer index entries per transfer (docs/benchmarks.md, third round of issue 21):
 * - core_banking_movements_team had no reader (movements are read by id, through
 *   their entries), yet cost every movement an index entry and a WAL record.
 * - The transfer index of transactions served one statement only, the
 *   settlement's update of the sender's pending transaction. Indexing the
 *   pending rows only spares the receiver's row (inserted completed) and the
 *   settled row its entry, and once vacuumed the index holds the transfers in
 *   flight only; the update names the same condition so it can use it.
 */
const fewerIndexEntries: SqlMigration = {
  async up(db: Kysely<any>): Promise<void> {
    await sql`drop index if exists core_banking_movements_team`.execute(db);
    await sql`create index core_banking_transactions_pending_transfer on core_banking_transactions (team_id, transfer_id, account_id)
      where transfer_id is not null and status in ('pending', 'pending_review')`.execute(db);
    await sql`drop index if exists core_banking_transactions_transfer`.execute(db);
  },
  async down(db: Kysely<any>): Promise<void> {
    await sql`create index core_banking_transactions_transfer on core_banking_transactions (team_id, transfer_id, account_id) where transfer_id is not null`.execute(db);
    await sql`drop index if exists core_banking_transactions_pending_transfer`.execute(db);
    await sql`create index core_banking_movements_team on core_banking_movements (team_id, created_at)`.execute(db);
  },
};

export const coreBankingMigrations: Readonly<Record<string, SqlMigration>> = {
  '0001-core-banking': initial,
  '0002-transfer-pending-review': pendingReview,
  '0003-fewer-index-entries': fewerIndexEntries,
};
