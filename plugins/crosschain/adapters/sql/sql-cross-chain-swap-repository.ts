import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { BridgeProtocolId } from '../../domain/bridge-model.js';
import type { CrossChainSwapRecord, CrossChainSwapStatus } from '../../domain/cross-chain-swap.js';
import type { CrossChainSwapRepository } from '../../ports.js';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const units = (value: unknown): bigint | null => (value === null || value === undefined ? null : toBigInt(value));
const numeric = (value: bigint | null): string | null => (value === null ? null : String(value));

function toSwap(row: Row): CrossChainSwapRecord {
  return {
    id: String(row.id),
    teamId: String(row.team_id),
    accountId: String(row.account_id),
    bridgeTransferId: String(row.bridge_transfer_id),
    protocol: row.protocol as BridgeProtocolId,
    sourceChain: String(row.source_chain),
    destinationChain: String(row.destination_chain),
    fromToken: String(row.from_token),
    toToken: String(row.to_token),
    amount: toBigInt(row.amount),
    bridgeFee: toBigInt(row.bridge_fee),
    bridgedAmount: toBigInt(row.bridged_amount),
    slippageBps: Number(row.slippage_bps),
    expectedOutput: toBigInt(row.expected_output),
    minimumOutput: toBigInt(row.minimum_output),
    status: row.status as CrossChainSwapStatus,
    swapId: text(row.swap_id),
    amountOut: units(row.amount_out),
    swapTxHash: text(row.swap_tx_hash),
    offeredOutput: units(row.offered_output),
    failureReason: text(row.failure_reason),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Cross-chain swaps in crosschain_swaps; a workflow step locks its row (for update). */
@injectable()
export class SqlCrossChainSwapRepository implements CrossChainSwapRepository {
  async insert(tx: Tx, s: CrossChainSwapRecord): Promise<void> {
    await sql`
      insert into crosschain_swaps (id, team_id, account_id, bridge_transfer_id, protocol, source_chain, destination_chain, from_token, to_token,
        amount, bridge_fee, bridged_amount, slippage_bps, expected_output, minimum_output, status, swap_id, amount_out, swap_tx_hash, offered_output,
        failure_reason, created_at, updated_at)
      values (${s.id}, ${s.teamId}, ${s.accountId}, ${s.bridgeTransferId}, ${s.protocol}, ${s.sourceChain}, ${s.destinationChain}, ${s.fromToken}, ${s.toToken},
        ${String(s.amount)}::numeric, ${String(s.bridgeFee)}::numeric, ${String(s.bridgedAmount)}::numeric, ${s.slippageBps},
        ${String(s.expectedOutput)}::numeric, ${String(s.minimumOutput)}::numeric, ${s.status}, ${s.swapId}, ${numeric(s.amountOut)}::numeric, ${s.swapTxHash},
        ${numeric(s.offeredOutput)}::numeric, ${s.failureReason}, ${s.createdAt}, ${s.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined> {
    const { rows } = await sql<Row>`select * from crosschain_swaps where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toSwap(rows[0]);
  }

  async lock(tx: Tx, teamId: string, id: string): Promise<CrossChainSwapRecord | undefined> {
    const { rows } = await sql<Row>`select * from crosschain_swaps where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toSwap(rows[0]);
  }

  async update(tx: Tx, s: CrossChainSwapRecord): Promise<void> {
    // Only what the outcome changes.
    await sql`
      update crosschain_swaps set status = ${s.status}, swap_id = ${s.swapId}, amount_out = ${numeric(s.amountOut)}::numeric, swap_tx_hash = ${s.swapTxHash},
        offered_output = ${numeric(s.offeredOutput)}::numeric, failure_reason = ${s.failureReason}, updated_at = ${s.updatedAt}
      where team_id = ${s.teamId} and id = ${s.id}`.execute(sqlTx(tx).db);
  }
}
