import { injectable } from 'inversify';
import { sql } from 'kysely';
import { pageOffset, type PageRequest, type Slice, type Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toCount, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { InvestmentRecord, InvestmentStatus, RefundStatus, RoundRecord, RoundStatus } from '../../domain/round.js';
import type { CgoRepository } from '../../ports.js';

const ROUND_COLUMNS = sql.raw(
  'id, team_id, name, asset_code, price_per_unit::text as price_per_unit, min_units, max_units, hard_cap_units, closes_at, status, created_at, closed_at, subscribed_units, allocated_units, investors',
);
const INVESTMENT_COLUMNS = sql.raw(
  'id, team_id, round_id, account_id, asset_code, requested_units, paid::text as paid, status, allocated_units, cost::text as cost, refund::text as refund, refund_status, payment_movement_id, settlement_movement_id, created_at, allocated_at',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Record<string, unknown>;
const countOrNull = (value: unknown) => (value === null || value === undefined ? null : toCount(value));

function toRound(row: Row): RoundRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    name: row.name as string,
    assetCode: row.asset_code as string,
    pricePerUnit: toBigInt(row.price_per_unit),
    minUnits: toCount(row.min_units),
    maxUnits: toCount(row.max_units),
    hardCapUnits: toCount(row.hard_cap_units),
    closesAt: toDate(row.closes_at),
    status: row.status as RoundStatus,
    createdAt: toDate(row.created_at),
    closedAt: toDateOrNull(row.closed_at),
    subscribedUnits: countOrNull(row.subscribed_units),
    allocatedUnits: countOrNull(row.allocated_units),
    investors: countOrNull(row.investors),
  };
}

function toInvestment(row: Row): InvestmentRecord {
  return {
    id: row.id as string,
    teamId: row.team_id as string,
    roundId: row.round_id as string,
    accountId: row.account_id as string,
    assetCode: row.asset_code as string,
    requestedUnits: toCount(row.requested_units),
    paid: toBigInt(row.paid),
    status: row.status as InvestmentStatus,
    allocatedUnits: countOrNull(row.allocated_units),
    cost: toBigIntOrNull(row.cost),
    refund: toBigIntOrNull(row.refund),
    refundStatus: row.refund_status as RefundStatus,
    paymentMovementId: row.payment_movement_id as string,
    settlementMovementId: (row.settlement_movement_id as string | null) ?? null,
    createdAt: toDate(row.created_at),
    allocatedAt: toDateOrNull(row.allocated_at),
  };
}

/** Rounds in cgo_rounds and investments in cgo_investments; every statement runs in the transaction it is given. */
@injectable()
export class SqlCgoRepository implements CgoRepository {
  async insertRound(tx: Tx, r: RoundRecord): Promise<void> {
    await sql`
      insert into cgo_rounds (id, team_id, name, asset_code, price_per_unit, min_units, max_units, hard_cap_units, closes_at, status, created_at, closed_at, subscribed_units, allocated_units, investors)
      values (${r.id}, ${r.teamId}, ${r.name}, ${r.assetCode}, ${r.pricePerUnit.toString()}, ${r.minUnits}, ${r.maxUnits}, ${r.hardCapUnits}, ${r.closesAt}, ${r.status}, ${r.createdAt}, ${r.closedAt},
              ${r.subscribedUnits}, ${r.allocatedUnits}, ${r.investors})`.execute(sqlTx(tx).db);
  }

  async findRound(tx: Tx, id: string): Promise<RoundRecord | undefined> {
    // An id that is no uuid names no round (a 404, not a cast error).
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Row>`select ${ROUND_COLUMNS} from cgo_rounds where id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toRound(rows[0]);
  }

  async lockRound(tx: Tx, id: string): Promise<RoundRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Row>`select ${ROUND_COLUMNS} from cgo_rounds where id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toRound(rows[0]);
  }

  async listRounds(tx: Tx, page: PageRequest): Promise<Slice<RoundRecord>> {
    const db = sqlTx(tx).db;
    const { rows } = await sql<Row>`select ${ROUND_COLUMNS} from cgo_rounds order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from cgo_rounds`.execute(db);
    return { items: rows.map(toRound), total: toCount(count.rows[0]?.n) };
  }

  async dueRounds(tx: Tx, now: Date, limit: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      select id from cgo_rounds where status = 'open' and closes_at <= ${now} order by closes_at, seq limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map((row) => row.id);
  }

  async updateRound(tx: Tx, r: RoundRecord): Promise<void> {
    await sql`
      update cgo_rounds set status = ${r.status}, closed_at = ${r.closedAt}, subscribed_units = ${r.subscribedUnits}, allocated_units = ${r.allocatedUnits}, investors = ${r.investors}
      where id = ${r.id}`.execute(sqlTx(tx).db);
  }

  async insertInvestment(tx: Tx, i: InvestmentRecord): Promise<void> {
    await sql`
      insert into cgo_investments (id, team_id, round_id, account_id, asset_code, requested_units, paid, status, allocated_units, cost, refund, refund_status, payment_movement_id, settlement_movement_id, created_at, allocated_at)
      values (${i.id}, ${i.teamId}, ${i.roundId}, ${i.accountId}, ${i.assetCode}, ${i.requestedUnits}, ${i.paid.toString()}, ${i.status}, ${i.allocatedUnits}, ${i.cost?.toString() ?? null},
              ${i.refund?.toString() ?? null}, ${i.refundStatus}, ${i.paymentMovementId}, ${i.settlementMovementId}, ${i.createdAt}, ${i.allocatedAt})`.execute(sqlTx(tx).db);
  }

  async findInvestment(tx: Tx, teamId: string, id: string): Promise<InvestmentRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await sql<Row>`select ${INVESTMENT_COLUMNS} from cgo_investments where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toInvestment(rows[0]);
  }

  async investmentOf(tx: Tx, teamId: string, roundId: string): Promise<InvestmentRecord | undefined> {
    if (!UUID.test(roundId)) return undefined;
    const { rows } = await sql<Row>`select ${INVESTMENT_COLUMNS} from cgo_investments where team_id = ${teamId} and round_id = ${roundId}`.execute(sqlTx(tx).db);
    return rows[0] && toInvestment(rows[0]);
  }

  async listInvestments(tx: Tx, teamId: string, page: PageRequest, roundId?: string): Promise<Slice<InvestmentRecord>> {
    if (roundId !== undefined && !UUID.test(roundId)) return { items: [], total: 0 };
    const db = sqlTx(tx).db;
    const inRound = roundId === undefined ? sql`` : sql`and round_id = ${roundId}`;
    const { rows } = await sql<Row>`
      select ${INVESTMENT_COLUMNS} from cgo_investments where team_id = ${teamId} ${inRound}
      order by seq desc limit ${page.perPage} offset ${pageOffset(page)}`.execute(db);
    const count = await sql<{ n: unknown }>`select count(*) as n from cgo_investments where team_id = ${teamId} ${inRound}`.execute(db);
    return { items: rows.map(toInvestment), total: toCount(count.rows[0]?.n) };
  }

  async roundInvestments(tx: Tx, roundId: string): Promise<InvestmentRecord[]> {
    const { rows } = await sql<Row>`select ${INVESTMENT_COLUMNS} from cgo_investments where round_id = ${roundId} order by seq`.execute(sqlTx(tx).db);
    return rows.map(toInvestment);
  }

  async updateInvestment(tx: Tx, i: InvestmentRecord): Promise<void> {
    const { rows } = await sql<{ id: string }>`
      update cgo_investments set status = ${i.status}, allocated_units = ${i.allocatedUnits}, cost = ${i.cost?.toString() ?? null}, refund = ${i.refund?.toString() ?? null},
        refund_status = ${i.refundStatus}, settlement_movement_id = ${i.settlementMovementId}, allocated_at = ${i.allocatedAt}
      where team_id = ${i.teamId} and id = ${i.id} returning id`.execute(sqlTx(tx).db);
    if (!rows[0]) throw new Error(`investment ${i.id} not found`);
  }
}
