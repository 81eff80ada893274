import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toBigIntOrNull, toDate, toDateOrNull } from '../../../../kit/sql.js';
import type { LendingPosition } from '../../domain/positions/lending-position.js';
import type { LendingRepository } from '../../ports.js';

interface PositionRow {
  readonly id: string;
  readonly team_id: string;
  readonly account_id: string;
  readonly chain: string;
  readonly side: 'supply' | 'borrow';
  readonly token: string;
  readonly principal: unknown;
  readonly status: 'open' | 'closed';
  readonly settled: unknown;
  readonly warned: boolean;
  readonly opened_at: unknown;
  readonly closed_at: unknown;
}

function toPosition(row: PositionRow): LendingPosition {
  return {
    id: row.id,
    teamId: row.team_id,
    accountId: row.account_id,
    chain: row.chain,
    side: row.side,
    token: row.token,
    principal: toBigInt(row.principal),
    status: row.status,
    settled: toBigIntOrNull(row.settled),
    warned: row.warned,
    openedAt: toDate(row.opened_at),
    closedAt: toDateOrNull(row.closed_at),
  };
}

/** Lending positions in defi_lending_positions; closing and warning are conditional updates, so a racing second one changes nothing. */
@injectable()
export class SqlLendingRepository implements LendingRepository {
  async insert(tx: Tx, p: LendingPosition): Promise<void> {
    await sql`
      insert into defi_lending_positions (id, team_id, account_id, chain, side, token, principal, status, settled, warned, opened_at, closed_at)
      values (${p.id}, ${p.teamId}, ${p.accountId}, ${p.chain}, ${p.side}, ${p.token}, ${String(p.principal)}::numeric, ${p.status},
        ${p.settled === null ? null : String(p.settled)}::numeric, ${p.warned}, ${p.openedAt}, ${p.closedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<LendingPosition | undefined> {
    const { rows } = await sql<PositionRow>`select * from defi_lending_positions where id = ${id} and team_id = ${teamId}`.execute(sqlTx(tx).db);
    return rows[0] && toPosition(rows[0]);
  }

  async openOf(tx: Tx, teamId: string, accountId: string, chain: string): Promise<LendingPosition[]> {
    const { rows } = await sql<PositionRow>`
      select * from defi_lending_positions
      where team_id = ${teamId} and account_id = ${accountId} and chain = ${chain} and status = 'open'
      order by opened_at, id for update`.execute(sqlTx(tx).db);
    return rows.map(toPosition);
  }

  async allOpen(tx: Tx): Promise<LendingPosition[]> {
    const { rows } = await sql<PositionRow>`select * from defi_lending_positions where status = 'open' order by opened_at, id`.execute(sqlTx(tx).db);
    return rows.map(toPosition);
  }

  async close(tx: Tx, teamId: string, id: string, settled: bigint, at: Date): Promise<boolean> {
    const result = await sql`
      update defi_lending_positions set status = 'closed', settled = ${String(settled)}::numeric, closed_at = ${at}
      where id = ${id} and team_id = ${teamId} and status = 'open'`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  async setWarned(tx: Tx, ids: readonly string[], warned: boolean): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      update defi_lending_positions set warned = ${warned}
      where id in (${sql.join(ids)}) and status = 'open' and warned <> ${warned}
      returning id`.execute(sqlTx(tx).db);
    return rows.map((row) => row.id).sort();
  }

  async list(tx: Tx, teamId: string): Promise<LendingPosition[]> {
    const { rows } = await sql<PositionRow>`
      select * from defi_lending_positions where team_id = ${teamId}
      order by status = 'closed', opened_at desc, id desc`.execute(sqlTx(tx).db);
    return rows.map(toPosition);
  }

  async markSeeded(tx: Tx, chain: string, token: string, at: Date): Promise<boolean> {
    const result = await sql`
      insert into defi_lending_markets (chain, token, seeded_at) values (${chain}, ${token}, ${at})
      on conflict do nothing`.execute(sqlTx(tx).db);
    return Number(result.numAffectedRows ?? 0n) === 1;
  }
}
