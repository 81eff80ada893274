import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { YieldPosition } from '../../domain/positions/yield-position.js';
import type { YieldRepository } from '../../ports.js';

interface PositionRow {
  readonly id: string;
  readonly team_id: string;
  readonly account_id: string;
  readonly chain: string;
  readonly program_id: string;
  readonly amount: unknown;
  readonly rewards_from: unknown;
  readonly harvested: unknown;
  readonly status: 'open' | 'closed';
  readonly opened_at: unknown;
  readonly closed_at: unknown;
}

function toPosition(row: PositionRow): YieldPosition {
  return {
    id: row.id,
    teamId: row.team_id,
    accountId: row.account_id,
    chain: row.chain,
    programId: row.program_id,
    amount: toBigInt(row.amount),
    rewardsFrom: toDate(row.rewards_from),
    harvested: toBigInt(row.harvested),
    status: row.status,
    openedAt: toDate(row.opened_at),
    closedAt: toDateOrNull(row.closed_at),
  };
}

/** Staking and farming positions in defi_yield_positions; a harvest is an update conditional on where the rewards ran from. */
@injectable()
export class SqlYieldRepository implements YieldRepository {
  async insert(tx: Tx, p: YieldPosition): Promise<void> {
    await sql`
      insert into defi_yield_positions (id, team_id, account_id, chain, program_id, amount, rewards_from, harvested, status, opened_at, closed_at)
      values (${p.id}, ${p.teamId}, ${p.accountId}, ${p.chain}, ${p.programId}, ${String(p.amount)}::numeric, ${p.rewardsFrom},
        ${String(p.harvested)}::numeric, ${p.status}, ${p.openedAt}, ${p.closedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<YieldPosition | undefined> {
    const { rows } = await sql<PositionRow>`select * from defi_yield_positions where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toPosition(rows[0]);
  }

  async harvest(tx: Tx, teamId: string, id: string, from: Date, to: Date, reward: bigint, close: boolean): Promise<boolean> {
    const result = await sql`
      update defi_yield_positions
      set rewards_from = ${to}, harvested = harvested + ${String(reward)}::numeric,
        status = ${close ? 'closed' : 'open'}, closed_at = ${close ? to : null}
      where id = ${id} and team_id = ${teamId} and status = 'open' and rewards_from = ${from}`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  async list(tx: Tx, teamId: string): Promise<YieldPosition[]> {
    const { rows } = await sql<PositionRow>`
      select * from defi_yield_positions where team_id = ${teamId}
      order by status = 'closed', opened_at desc, id desc`.execute(sqlTx(tx).db);
    return rows.map(toPosition);
  }
}
