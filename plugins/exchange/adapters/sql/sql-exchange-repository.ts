import { injectable } from 'inversify';
import { sql } from 'kysely';
import { sqlTx } from '../../../../adapters/sql/sql-tx.js';
import { pageOffset, type PageRequest } from '../../../../kernel/contract/page.js';
import type { Tx } from '../../../../ports/unit-of-work.js';
import type { OrderRecord, OrderStatus, Side, TradeRecord } from '../../domain/order.js';
import type { ExchangeRepository, OrderFilter } from '../../ports.js';

const ORDER_COLUMNS = sql.raw('team_id, id, account_id, pair, side, type, price, amount, filled, status, hold_id, reserved, seq, created_at, updated_at');

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

  async insertOrder(tx: Tx, o: OrderRecord): Promise<void> {
    await sql`
      insert into exchange_orders (team_id, id, account_id, pair, side, type, price, amount, filled, status, hold_id, reserved, seq, created_at, updated_at)
      values (${o.teamId}, ${o.id}, ${o.accountId}, ${o.pair}, ${o.side}, ${o.type}, ${o.price === null ? null : o.price.toString()},
              ${o.amount.toString()}, ${o.filled.toString()}, ${o.status}, ${o.holdId}, ${o.reserved.toString()}, ${o.seq}, ${o.createdAt}, ${o.updatedAt})`.execute(sqlTx(tx).db);
  }

  async updateOrder(tx: Tx, o: Pick<OrderRecord, 'id' | 'teamId' | 'filled' | 'status' | 'reserved' | 'updatedAt'>): Promise<void> {
    await sql`
      update exchange_orders set filled = ${o.filled.toString()}, status = ${o.status}, reserved = ${o.reserved.toString()}, updated_at = ${o.updatedAt}
      where team_id = ${o.teamId} and id = ${o.id}`.execute(sqlTx(tx).db);
  }

  async findOrder(tx: Tx, teamId: string, id: string): Promise<OrderRecord | undefined> {
    const result = await sql<Record<string, unknown>>`
      select ${ORDER_COLUMNS} from exchange_orders where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return result.rows[0] ? toOrder(result.rows[0]) : undefined;
  }

  async resting(tx: Tx, teamId: string, pair: string, side: Side): Promise<OrderRecord[]> {
    const result = await sql<Record<string, unknown>>`
      select ${ORDER_COLUMNS} from exchange_orders
      where team_id = ${teamId} and pair = ${pair} and side = ${side} and status in ('open', 'partially_filled')`.execute(sqlTx(tx).db);
    return result.rows.map(toOrder);
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
    for (const t of trades) {
      await sql`
        insert into exchange_trades (team_id, id, pair, price, amount, quote_amount, buy_order_id, sell_order_id, taker_side, seq, created_at)
        values (${t.teamId}, ${t.id}, ${t.pair}, ${t.price.toString()}, ${t.amount.toString()}, ${t.quoteAmount.toString()},
                ${t.buyOrderId}, ${t.sellOrderId}, ${t.takerSide}, ${t.seq}, ${t.createdAt})`.execute(sqlTx(tx).db);
    }
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

const big = (value: unknown): bigint => BigInt(String(value));
const date = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

function toOrder(row: Record<string, unknown>): OrderRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    accountId: row.account_id as string,
    pair: row.pair as string,
    side: row.side as Side,
    type: row.type as OrderRecord['type'],
    price: row.price === null ? null : big(row.price),
    amount: big(row.amount),
    filled: big(row.filled),
    status: row.status as OrderStatus,
    holdId: row.hold_id as string,
    reserved: big(row.reserved),
    seq: Number(row.seq),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

function toTrade(row: Record<string, unknown>): TradeRecord {
  return {
    teamId: row.team_id as string,
    id: row.id as string,
    pair: row.pair as string,
    price: big(row.price),
    amount: big(row.amount),
    quoteAmount: big(row.quote_amount),
    buyOrderId: row.buy_order_id as string,
    sellOrderId: row.sell_order_id as string,
    takerSide: row.taker_side as Side,
    seq: Number(row.seq),
    createdAt: date(row.created_at),
  };
}
