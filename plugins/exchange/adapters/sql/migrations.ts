import { sql, type Kysely } from 'kysely';
import type { SqlMigration } from '../../../../kernel/public.js';

/**
 * The exchange's tables, each with team_id. Amounts and prices are
 * NUMERIC(78,0) minor units. exchange_books has one row per (team, pair):
 * placing or cancelling locks it FOR UPDATE, so one matcher at a time runs
 * per book, and its next_seq gives arrival order (time priority) even when
 * timestamps tie.
 */
const statements = [
  `create table exchange_books (
    team_id text not null,
    pair text not null,
    next_seq bigint not null default 0,
    primary key (team_id, pair)
  )`,
  `create table exchange_orders (
    team_id text not null,
    id text not null,
    account_id text not null,
    pair text not null,
    side text not null check (side in ('BUY', 'SELL')),
    type text not null check (type in ('LIMIT', 'MARKET')),
    price numeric(78, 0),
    amount numeric(78, 0) not null check (amount > 0),
    filled numeric(78, 0) not null default 0,
    status text not null check (status in ('open', 'partially_filled', 'filled', 'cancelled')),
    hold_id text not null,
    reserved numeric(78, 0) not null check (reserved >= 0),
    seq bigint not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    primary key (team_id, id),
    check (filled >= 0 and filled <= amount)
  )`,
  `create index exchange_orders_resting on exchange_orders (team_id, pair, side, price, seq) where status in ('open', 'partially_filled')`,
  `create index exchange_orders_team_order on exchange_orders (team_id, created_at desc, seq desc)`,
  `create table exchange_trades (
    team_id text not null,
    id text not null,
    pair text not null,
    price numeric(78, 0) not null,
    amount numeric(78, 0) not null,
    quote_amount numeric(78, 0) not null,
    buy_order_id text not null,
    sell_order_id text not null,
    taker_side text not null,
    seq bigint not null,
    position bigint generated always as identity,
    created_at timestamptz not null,
    primary key (team_id, id)
  )`,
  `create index exchange_trades_team_pair on exchange_trades (team_id, pair, position desc)`,
];

/**
 * exchange_account_locks has one row per (team, trading account): a
 * placement locks the rows of every account it will touch, in sorted order,
 * before its first ledger call (see SqlExchangeRepository.lockAccounts).
 * The bids index serves the matcher's walk down the bids (highest price,
 * then earliest), which the ascending resting index cannot give without a
 * sort; asks use exchange_orders_resting.
 */
const accountLocksAndBids = [
  `create table exchange_account_locks (
    team_id text not null,
    account_id text not null,
    primary key (team_id, account_id)
  )`,
  `create index exchange_orders_resting_bids on exchange_orders (team_id, pair, price desc, seq)
    where side = 'BUY' and status in ('open', 'partially_filled')`,
];

const run = (list: readonly string[]) => async (db: Kysely<any>) => {
  for (const statement of list) await sql.raw(statement).execute(db);
};

export const exchangeMigrations: Record<string, SqlMigration> = {
  '0001-orders-trades': { up: run(statements) },
  '0002-account-locks-bids-index': { up: run(accountLocksAndBids) },
};
