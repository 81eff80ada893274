import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { ActivityHistoryFilter, Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { Dex } from '../../domain/pool-catalog.js';
import type { SwapRecord } from '../../domain/swap.js';
import type { SwapRepository } from '../../ports.js';

interface SwapRow {
  readonly id: string;
  readonly team_id: string;
  readonly quote_id: string;
  readonly account_id: string;
  readonly chain: string;
  readonly token_in: string;
  readonly token_out: string;
  readonly amount_in: unknown;
  readonly expected_output: unknown;
  readonly amount_out: unknown;
  readonly minimum_output: unknown;
  readonly dex: string;
  readonly path: unknown;
  readonly pools: unknown;
  readonly tx_hash: string;
  readonly gas_price_wei: unknown;
  readonly created_at: unknown;
}

const jsonArray = (value: unknown): string[] => (typeof value === 'string' ? JSON.parse(value) : value) as string[];

function toSwap(row: SwapRow): SwapRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    quoteId: row.quote_id,
    accountId: row.account_id,
    chain: row.chain,
    tokenIn: row.token_in,
    tokenOut: row.token_out,
    amountIn: toBigInt(row.amount_in),
    expectedOutput: toBigInt(row.expected_output),
    amountOut: toBigInt(row.amount_out),
    minimumOutput: toBigInt(row.minimum_output),
    dex: row.dex as Dex,
    path: jsonArray(row.path),
    pools: jsonArray(row.pools),
    txHash: row.tx_hash,
    gasPriceWei: toBigInt(row.gas_price_wei),
    createdAt: toDate(row.created_at),
  };
}

/** Swaps in defi_swaps; path and pools as JSON arrays. */
@injectable()
export class SqlSwapRepository implements SwapRepository {
  async insert(tx: Tx, s: SwapRecord): Promise<void> {
    await sql`
      insert into defi_swaps (id, team_id, quote_id, account_id, chain, token_in, token_out, amount_in, expected_output, amount_out,
        minimum_output, dex, path, pools, tx_hash, gas_price_wei, created_at)
      values (${s.id}, ${s.teamId}, ${s.quoteId}, ${s.accountId}, ${s.chain}, ${s.tokenIn}, ${s.tokenOut}, ${String(s.amountIn)}::numeric,
        ${String(s.expectedOutput)}::numeric, ${String(s.amountOut)}::numeric, ${String(s.minimumOutput)}::numeric, ${s.dex},
        ${JSON.stringify(s.path)}::jsonb, ${JSON.stringify(s.pools)}::jsonb, ${s.txHash}, ${String(s.gasPriceWei)}::numeric, ${s.createdAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<SwapRecord | undefined> {
    const { rows } = await sql<SwapRow>`
      select * from defi_swaps where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toSwap(rows[0]);
  }

  async history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<SwapRecord[]> {
    const { rows } = await sql<SwapRow>`
      select * from defi_swaps where team_id = ${teamId}
        ${filter.accountId !== undefined ? sql`and account_id = ${filter.accountId}` : sql``}
        ${filter.from ? sql`and created_at >= ${filter.from}` : sql``}
        ${filter.before ? sql`and created_at < ${filter.before}` : sql``}
      order by created_at, id limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toSwap);
  }
}
