import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import { pageOffset, type PageRequest, type Tx } from '../../../../kernel/public.js';
import type { BookLevel, BookPosition } from '../../domain/book.js';
import type { OrderRecord, OrderStatus, Side, TradeRecord } from '../../domain/order.js';
import type { ExchangeRepository, OrderChange, OrderFilter } from '../../ports.js';

const ORDER_COLUMNS = sql.raw('team_id, id, account_id, pair, side, type, price, amount, filled, status, hold_id, reserved, seq, created_at, updated_at');
const C = sql.raw('collate "C"');
/** The partial indexes' predicate, written out the same way so the planner uses them. */
const RESTING = sql.raw(`status in ('open', 'partially_filled')`);

/** The exchange on PostgreSQL and PGlite (NUMERIC read back as text, converted to bigint). */
@injectable()
export class SqlExchangeRepository implements ExchangeRepository {
  async lockBook(tx: Tx, teamId: string, pair: string): Promise<number> {
    const result = await sql<{ next_seq: unknown }>`
      insert into exchange_books (team_id, pair, next_seq) values (${teamId}, ${pair}, 1)
      on conflict (team_id, pair) do update set next_seq = exchange_books.next_seq + 1
      returning next_seq`.execute(sqlTx(tx).db);
    return Number(result.rows[0]!.next_seq);
  }

  async lockAccounts(tx: Tx, teamId: string, accountIds: readonly string[]): Promise<void> {
    if (accountIds.length === 0) return;
    // One statement, rows taken in sorted order: an existing row is locked by
    // the conflict update, a new one by its insert.
    const ids = sql.join([...new Set(accountIds)].map((id) => sql`(${id}::text)`));
    await sql`
      insert into exchange_account_locks (team_id, account_id)
      select ${teamId}, v.account_id from (values ${ids}) as v (account_id) order by v.account_id ${C}
      on conflict (team_id, account_id) do update set account_id = excluded.account_id`.execute(sqlTx(tx).db);
  }

  async insertOrder(tx: Tx, o: OrderRecord): Promise<void> {
    await sql`
      insert into exchange_orders (team_id, id, account_id, pair, side, type, price, amount, filled, status, hold_id, reserved, seq, created_at, updated_at)
      values (${o.teamId}, ${o.id}, ${o.accountId}, ${o.pair}, ${o.side}, ${o.type}, ${o.price === null ? null : o.price.toString()},
              ${o.amount.toString()}, ${o.filled.toString()}, ${o.status}, ${o.holdId}, ${o.reserved.toString()}, ${o.seq}, ${o.createdAt}, ${o.updatedAt})`.execute(sqlTx(tx).db);
  }

  async updateOrders(tx: Tx, changes: readonly OrderChange[]): Promise<void> {
    if (changes.length === 0) return;
    const values = sql.join(
      changes.map(
        (o) => sql`(${o.teamId}::text, ${o.id}::text, ${o.filled.toString()}::numeric, ${o.status}::text, ${o.reserved.toString()}::numeric, ${o.updatedAt}::timestamptz)`,
      ),
    );
    await sql`
      update exchange_orders as t set filled = v.filled, status = v.status, reserved = v.reserved, updated_at = v.updated_at
      from (values ${values}) as v (team_id, id, filled, status, reserved, updated_at)
      where t.team_id = v.team_id and t.id = v.id`.execute(sqlTx(tx).db);
  }

  async findOrder(tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${ORDER_COLUMNS} from exchange_orders where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return result.rows[0] ? toOrder(result.rows[0]) : undefined;
  }

  async crossing(tx: Tx, teamId: string, pair: string, side: Side, limit: bigint | null, after: BookPosition | undefined, count: number): Promise<OrderRecord[]> {
    // Asks walk up exchange_orders_resting, bids walk exchange_orders_resting_bids (price desc, seq).
    const asks = side === 'SELL';
    const crosses = limit === null ? sql`` : asks ? sql`and price <= ${limit.toString()}::numeric` : sql`and price >= ${limit.toString()}::numeric`;
    const price = after?.price.toString();
    const page =
      after === undefined
        ? sql``
        : asks
          ? sql`and (price, seq) > (${price}::numeric, ${after.seq}::bigint)`
          : sql`and price <= ${price}::numeric and (price < ${price}::numeric or seq > ${after.seq}::bigint)`;
    const result = await sql<Record<string, unknown>>`
      select ${ORDER_COLUMNS} from exchange_orders
      where team_id = ${teamId} and pair = ${pair} and side = ${side} and ${RESTING} ${crosses} ${page}
      order by ${asks ? sql`price, seq` : sql`price desc, seq`}
      limit ${count}`.execute(sqlTx(tx).db);
    return result.rows.map(toOrder);
  }

  async levels(tx: Tx, teamId: string, pair: string, side: Side, depth: number): Promise<BookLevel[]> {
    const result = await sql<{ price: unknown; amount: unknown }>`
      select price, sum(amount - filled) as amount from exchange_orders
      where team_id = ${teamId} and pair = ${pair} and side = ${side} and ${RESTING}
      group by price
      order by price ${side === 'SELL' ? sql`asc` : sql`desc`}
      limit ${depth}`.execute(sqlTx(tx).db);
    return result.rows.map((row) => ({ price: toBigInt(row.price), amount: toBigInt(row.amount) }));
  }

  async listOrders(tx: Tx, teamId: string, filter: OrderFilter, page: PageRequest): Promise<{ items: OrderRecord[]; total: number }> {
    const { db } = sqlTx(tx);
    const where = sql`team_id = ${teamId}
      and (${filter.pair ?? null}::text is null or pair = ${filter.pair ?? null})
      and (${filter.status ?? null}::text is null or status = ${filter.status ?? null})`;
    const count = await sql<{ total: unknown }>`select count(*) as total from exchange_orders where ${where}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select ${ORDER_COLUMNS} from exchange_orders where ${where}
      order by created_at desc, seq desc, pair desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toOrder), total: Number(count.rows[0]?.total ?? 0) };
  }

  async insertTrades(tx: Tx, trades: readonly TradeRecord[]): Promise<void> {
    if (trades.length === 0) return;
    // One statement; the identity column numbers the rows in list order, which is fill order.
    const values = sql.join(
      trades.map(
        (t) => sql`(${t.teamId}, ${t.id}, ${t.pair}, ${t.price.toString()}::numeric, ${t.amount.toString()}::numeric, ${t.quoteAmount.toString()}::numeric,
                ${t.buyOrderId}, ${t.sellOrderId}, ${t.takerSide}, ${t.seq}::bigint, ${t.createdAt}::timestamptz)`,
      ),
    );
    await sql`
      insert into exchange_trades (team_id, id, pair, price, amount, quote_amount, buy_order_id, sell_order_id, taker_side, seq, created_at)
      values ${values}`.execute(sqlTx(tx).db);
  }

  async listTrades(tx: Tx, teamId: string, pair: string | undefined, page: PageRequest): Promise<{ items: TradeRecord[]; total: number }> {
    const { db } = sqlTx(tx);
    const where = sql`team_id = ${teamId} and (${pair ?? null}::text is null or pair = ${pair ?? null})`;
    const count = await sql<{ total: unknown }>`select count(*) as total from exchange_trades where ${where}`.execute(db);
    const rows = await sql<Record<string, unknown>>`
      select * from exchange_trades where ${where} order by position desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    return { items: rows.rows.map(toTrade), total: Number(count.rows[0]?.total ?? 0) };
  }
}


function toOrder(row: Record<string, unknown>): OrderRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    accountId: row.account_id as string,
    pair: row.pair as string,
    side: row.side as Side,
    type: row.type as OrderRecord['type'],
    price: row.price === null ? null : toBigInt(row.price),
    amount: toBigInt(row.amount),
    filled: toBigInt(row.filled),
    status: row.status as OrderStatus,
    holdId: row.hold_id as string,
    reserved: toBigInt(row.reserved),
    seq: Number(row.seq),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

function toTrade(row: Record<string, unknown>): TradeRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    pair: row.pair as string,
    price: toBigInt(row.price),
    amount: toBigInt(row.amount),
    quoteAmount: toBigInt(row.quote_amount),
    buyOrderId: row.buy_order_id as string,
    sellOrderId: row.sell_order_id as string,
    takerSide: row.taker_side as Side,
    seq: Number(row.seq),
    createdAt: toDate(row.created_at),
  };
}
