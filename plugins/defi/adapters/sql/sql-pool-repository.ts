import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toDate } from '../../../../kit/sql.js';
import type { PoolRepository, StoredPool } from '../../ports.js';

interface PoolRow {
  readonly id: string;
  readonly chain: string;
  readonly reserve0: unknown;
  readonly reserve1: unknown;
  readonly reserve2: unknown;
  readonly total_shares: unknown;
  readonly updated_at: unknown;
}

function toPool(row: PoolRow): StoredPool {
  const third = toBigIntOrNull(row.reserve2);
  return { id: row.id, chain: row.chain, reserves: [toBigInt(row.reserve0), toBigInt(row.reserve1), ...(third === null ? [] : [third])], totalShares: toBigInt(row.total_shares), updatedAt: toDate(row.updated_at) };
}

const reserve = (pool: StoredPool, index: number) => (pool.reserves[index] === undefined ? null : String(pool.reserves[index]));

/** Pools in defi_pools; seeding is an insert that ignores pools already there, a trade locks its pools FOR UPDATE. */
@injectable()
export class SqlPoolRepository implements PoolRepository {
  async seed(tx: Tx, pools: readonly StoredPool[]): Promise<void> {
    const db = sqlTx(tx).db;
    for (const pool of pools) {
      await sql`
        insert into defi_pools (id, chain, reserve0, reserve1, reserve2, updated_at)
        values (${pool.id}, ${pool.chain}, ${reserve(pool, 0)}::numeric, ${reserve(pool, 1)}::numeric, ${reserve(pool, 2)}::numeric, ${pool.updatedAt})
        on conflict (id) do nothing`.execute(db);
    }
  }

  async onChain(tx: Tx, chain: string): Promise<StoredPool[]> {
    const { rows } = await sql<PoolRow>`
      select id, chain, reserve0, reserve1, reserve2, total_shares, updated_at from defi_pools where chain = ${chain} order by id`.execute(sqlTx(tx).db);
    return rows.map(toPool);
  }

  async lock(tx: Tx, ids: readonly string[]): Promise<StoredPool[]> {
    const { rows } = await sql<PoolRow>`
      select id, chain, reserve0, reserve1, reserve2, total_shares, updated_at from defi_pools
      where id = any(${[...new Set(ids)]}::text[]) order by id for update`.execute(sqlTx(tx).db);
    return rows.map(toPool);
  }

  async update(tx: Tx, pools: readonly StoredPool[]): Promise<void> {
    const db = sqlTx(tx).db;
    for (const pool of pools) {
      await sql`
        update defi_pools set reserve0 = ${reserve(pool, 0)}::numeric, reserve1 = ${reserve(pool, 1)}::numeric,
          reserve2 = ${reserve(pool, 2)}::numeric, total_shares = ${String(pool.totalShares)}::numeric, updated_at = ${pool.updatedAt}
        where id = ${pool.id}`.execute(db);
    }
  }
}
