import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { LiquidityPosition } from '../../domain/liquidity-position.js';
import type { LiquidityRepository } from '../../ports.js';

interface PositionRow {
  readonly id: string;
  readonly team_id: string;
  readonly account_id: string;
  readonly chain: string;
  readonly pool_id: string;
  readonly shares: unknown;
  readonly deposited: unknown;
  readonly invariant_per_share: unknown;
  readonly status: 'open' | 'closed';
  readonly withdrawn: unknown;
  readonly opened_at: unknown;
  readonly closed_at: unknown;
}

/** Amounts in JSON as decimal strings (JSON numbers cannot hold uint256). */
const amounts = (value: unknown): bigint[] => ((typeof value === 'string' ? JSON.parse(value) : value) as string[]).map((one) => BigInt(one));
const json = (values: readonly bigint[]) => JSON.stringify(values.map(String));

function toPosition(row: PositionRow): LiquidityPosition {
  return {
    id: row.id,
    teamId: row.team_id,
    accountId: row.account_id,
    chain: row.chain,
    poolId: row.pool_id,
    shares: toBigInt(row.shares),
    deposited: amounts(row.deposited),
    invariantPerShare: toBigInt(row.invariant_per_share),
    status: row.status,
    withdrawn: row.withdrawn === null ? null : amounts(row.withdrawn),
    openedAt: toDate(row.opened_at),
    closedAt: toDateOrNull(row.closed_at),
  };
}

/** Liquidity positions in defi_liquidity_positions; closing is an update of an open row, so a second one finds none. */
@injectable()
export class SqlLiquidityRepository implements LiquidityRepository {
  async insert(tx: Tx, p: LiquidityPosition): Promise<void> {
    await sql`
      insert into defi_liquidity_positions (id, team_id, account_id, chain, pool_id, shares, deposited, invariant_per_share, status, withdrawn, opened_at, closed_at)
      values (${p.id}, ${p.teamId}, ${p.accountId}, ${p.chain}, ${p.poolId}, ${String(p.shares)}::numeric, ${json(p.deposited)}::jsonb,
        ${String(p.invariantPerShare)}::numeric, ${p.status}, ${p.withdrawn === null ? null : json(p.withdrawn)}::jsonb, ${p.openedAt}, ${p.closedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<LiquidityPosition | undefined> {
    const { rows } = await sql<PositionRow>`select * from defi_liquidity_positions where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toPosition(rows[0]);
  }

  async close(tx: Tx, teamId: string, id: string, withdrawn: readonly bigint[], at: Date): Promise<boolean> {
    const result = await sql`
      update defi_liquidity_positions set status = 'closed', withdrawn = ${json(withdrawn)}::jsonb, closed_at = ${at}
      where id = ${id} and team_id = ${teamId} and status = 'open'`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  async list(tx: Tx, teamId: string): Promise<LiquidityPosition[]> {
    const { rows } = await sql<PositionRow>`
      select * from defi_liquidity_positions where team_id = ${teamId}
      order by status = 'closed', opened_at desc, id desc`.execute(sqlTx(tx).db);
    return rows.map(toPosition);
  }
}
