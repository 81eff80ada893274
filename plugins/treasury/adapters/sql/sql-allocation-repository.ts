import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toDate } from '../../../../kit/sql.js';
import type { AllocationRecord, AllocationTarget } from '../../domain/allocation.js';
import type { AllocationRepository } from '../../ports.js';

interface AllocationRow {
  readonly team_id: string;
  readonly token: string;
  readonly targets: unknown;
  readonly created_at: unknown;
  readonly updated_at: unknown;
}

function toAllocation(row: AllocationRow): AllocationRecord {
  const targets = (typeof row.targets === 'string' ? JSON.parse(row.targets) : row.targets) as AllocationTarget[];
  return { teamId: row.team_id, token: row.token, targets: targets.map((one) => ({ chain: one.chain, bps: one.bps })), createdAt: toDate(row.created_at), updatedAt: toDate(row.updated_at) };
}

/** Allocations in treasury_allocations, one row per team and token; every statement runs in the transaction it is given. */
@injectable()
export class SqlAllocationRepository implements AllocationRepository {
  async put(tx: Tx, allocation: AllocationRecord): Promise<AllocationRecord> {
    const targets = JSON.stringify(allocation.targets.map((one) => ({ chain: one.chain, bps: one.bps })));
    const { rows } = await sql<AllocationRow>`
      insert into treasury_allocations (team_id, token, targets, created_at, updated_at)
      values (${allocation.teamId}, ${allocation.token}, ${targets}::jsonb, ${allocation.createdAt}, ${allocation.updatedAt})
      on conflict (team_id, token) do update set targets = excluded.targets, updated_at = excluded.updated_at
      returning team_id, token, targets, created_at, updated_at`.execute(sqlTx(tx).db);
    return toAllocation(rows[0]!);
  }

  async find(tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined> {
    const { rows } = await sql<AllocationRow>`select team_id, token, targets, created_at, updated_at from treasury_allocations where team_id = ${teamId} and token = ${token}`.execute(sqlTx(tx).db);
    return rows[0] && toAllocation(rows[0]);
  }

  async lock(tx: Tx, teamId: string, token: string): Promise<AllocationRecord | undefined> {
    const { rows } = await sql<AllocationRow>`select team_id, token, targets, created_at, updated_at from treasury_allocations where team_id = ${teamId} and token = ${token} for update`.execute(sqlTx(tx).db);
    return rows[0] && toAllocation(rows[0]);
  }

  async list(tx: Tx, teamId: string): Promise<AllocationRecord[]> {
    const { rows } = await sql<AllocationRow>`select team_id, token, targets, created_at, updated_at from treasury_allocations where team_id = ${teamId} order by token`.execute(sqlTx(tx).db);
    return rows.map(toAllocation);
  }
}
