import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { RebalanceChain, RebalanceMove, RebalanceRecord, RebalanceStatus } from '../../domain/rebalance.js';
import type { RebalanceRepository } from '../../ports.js';

type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

const COLUMNS = sql.raw('id, team_id, token, account_id, tolerance_bps, dry_run, status, total, fee_total, within_tolerance_before, within_tolerance_after, chains, moves, failure_reason, created_at, updated_at');
const json = (value: unknown): Json[] => (typeof value === 'string' ? JSON.parse(value) : value) as Json[];
const big = (value: unknown): bigint => BigInt(String(value));

/** Amounts go into jsonb as decimal strings of base units, so nothing is rounded through a JSON number. */
function chainsJson(chains: readonly RebalanceChain[]): string {
  return JSON.stringify(chains.map((one) => ({ chain: one.chain, bps: one.bps, before: String(one.before), target: String(one.target), expected: String(one.expected), after: one.after === null ? null : String(one.after) })));
}

function movesJson(moves: readonly RebalanceMove[]): string {
  return JSON.stringify(moves.map((one) => ({ ...one, amount: String(one.amount), feeAmount: String(one.feeAmount), receiveAmount: String(one.receiveAmount) })));
}

function toRebalance(row: Row): RebalanceRecord {
  return {
    id: String(row.id),
    teamId: String(row.team_id),
    token: String(row.token),
    accountId: String(row.account_id),
    toleranceBps: Number(row.tolerance_bps),
    dryRun: Boolean(row.dry_run),
    status: row.status as RebalanceStatus,
    total: toBigInt(row.total),
    feeTotal: toBigInt(row.fee_total),
    withinToleranceBefore: Boolean(row.within_tolerance_before),
    withinToleranceAfter: Boolean(row.within_tolerance_after),
    chains: json(row.chains).map((one) => ({ chain: String(one.chain), bps: Number(one.bps), before: big(one.before), target: big(one.target), expected: big(one.expected), after: one.after === null ? null : big(one.after) })),
    moves: json(row.moves).map((one) => ({
      sourceChain: String(one.sourceChain),
      destinationChain: String(one.destinationChain),
      protocol: String(one.protocol),
      amount: big(one.amount),
      feeAmount: big(one.feeAmount),
      receiveAmount: big(one.receiveAmount),
      transferId: one.transferId === null ? null : String(one.transferId),
      status: String(one.status),
    })),
    failureReason: row.failure_reason === null || row.failure_reason === undefined ? null : String(row.failure_reason),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Rebalances in treasury_rebalances, their bridge transfers in treasury_rebalance_transfers; every statement runs in the transaction it is given. */
@injectable()
export class SqlRebalanceRepository implements RebalanceRepository {
  async insert(tx: Tx, r: RebalanceRecord): Promise<void> {
    const db = sqlTx(tx).db;
    await sql`
      insert into treasury_rebalances (id, team_id, token, account_id, tolerance_bps, dry_run, status, total, fee_total, within_tolerance_before, within_tolerance_after, chains, moves, failure_reason, created_at, updated_at)
      values (${r.id}, ${r.teamId}, ${r.token}, ${r.accountId}, ${r.toleranceBps}, ${r.dryRun}, ${r.status}, ${String(r.total)}, ${String(r.feeTotal)}, ${r.withinToleranceBefore}, ${r.withinToleranceAfter},
              ${chainsJson(r.chains)}::jsonb, ${movesJson(r.moves)}::jsonb, ${r.failureReason}, ${r.createdAt}, ${r.updatedAt})`.execute(db);
    for (const move of r.moves) {
      if (move.transferId !== null) await sql`insert into treasury_rebalance_transfers (transfer_id, team_id, rebalance_id) values (${move.transferId}, ${r.teamId}, ${r.id})`.execute(db);
    }
  }

  async find(tx: Tx, teamId: string, id: string): Promise<RebalanceRecord | undefined> {
    const { rows } = await sql<Row>`select ${COLUMNS} from treasury_rebalances where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toRebalance(rows[0]);
  }

  async lockByTransfer(tx: Tx, teamId: string, transferId: string): Promise<RebalanceRecord | undefined> {
    const { rows } = await sql<Row>`
      select ${COLUMNS} from treasury_rebalances
      where team_id = ${teamId} and id = (select rebalance_id from treasury_rebalance_transfers where transfer_id = ${transferId} and team_id = ${teamId})
      for update`.execute(sqlTx(tx).db);
    return rows[0] && toRebalance(rows[0]);
  }

  async update(tx: Tx, r: RebalanceRecord): Promise<void> {
    await sql`
      update treasury_rebalances set status = ${r.status}, fee_total = ${String(r.feeTotal)}, chains = ${chainsJson(r.chains)}::jsonb, moves = ${movesJson(r.moves)}::jsonb,
        failure_reason = ${r.failureReason}, updated_at = ${r.updatedAt}
      where team_id = ${r.teamId} and id = ${r.id}`.execute(sqlTx(tx).db);
  }

  async executing(tx: Tx, teamId: string, token: string, accountId: string): Promise<RebalanceRecord | undefined> {
    const { rows } = await sql<Row>`
      select ${COLUMNS} from treasury_rebalances
      where team_id = ${teamId} and token = ${token} and account_id = ${accountId} and status = 'executing'
      order by created_at limit 1`.execute(sqlTx(tx).db);
    return rows[0] && toRebalance(rows[0]);
  }
}
