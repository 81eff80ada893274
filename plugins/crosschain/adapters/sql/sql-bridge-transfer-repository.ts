import { injectable } from 'inversify';
import { sql } from 'kysely';
import type { ActivityHistoryFilter, Tx } from '../../../../kernel/public.js';
import { sqlTx, toBigInt, toDate } from '../../../../kit/sql.js';
import type { BridgeProtocolId } from '../../domain/bridge-model.js';
import type { BridgeFault, BridgeStatus, BridgeTransferRecord } from '../../domain/bridge-transfer.js';
import type { BridgeTransferRepository } from '../../ports.js';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function toTransfer(row: Row): BridgeTransferRecord {
  const recipientTeam = text(row.recipient_team_id);
  return {
    id: String(row.id),
    teamId: String(row.team_id),
    quoteId: text(row.quote_id),
    protocol: row.protocol as BridgeProtocolId,
    sourceChain: String(row.source_chain),
    destinationChain: String(row.destination_chain),
    token: String(row.token),
    sourceCode: String(row.source_code),
    destinationCode: String(row.destination_code),
    accountId: String(row.account_id),
    senderAddress: String(row.sender_address),
    recipientAddress: text(row.recipient_address),
    recipient: recipientTeam ? { teamId: recipientTeam, accountId: String(row.recipient_account_id) } : null,
    inputAmount: toBigInt(row.input_amount),
    feeAmount: toBigInt(row.fee_amount),
    receiveAmount: toBigInt(row.receive_amount),
    fault: text(row.fault) as BridgeFault | null,
    status: row.status as BridgeStatus,
    sourceTxHash: String(row.source_tx_hash),
    destinationTxHash: text(row.destination_tx_hash),
    refundTxHash: text(row.refund_tx_hash),
    failureReason: text(row.failure_reason),
    schedule: {
      sourceConfirmAt: toDate(row.source_confirm_at),
      attestAt: toDate(row.attest_at),
      completeAt: toDate(row.complete_at),
      timeoutAt: toDate(row.timeout_at),
    },
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Transfers in crosschain_bridge_transfers; a step locks its row (for update). */
@injectable()
export class SqlBridgeTransferRepository implements BridgeTransferRepository {
  async insert(tx: Tx, t: BridgeTransferRecord): Promise<void> {
    await sql`
      insert into crosschain_bridge_transfers (id, team_id, quote_id, protocol, source_chain, destination_chain, token, source_code, destination_code,
        account_id, sender_address, recipient_address, recipient_team_id, recipient_account_id, input_amount, fee_amount, receive_amount, fault, status,
        source_tx_hash, destination_tx_hash, refund_tx_hash, failure_reason, source_confirm_at, attest_at, complete_at, timeout_at, created_at, updated_at)
      values (${t.id}, ${t.teamId}, ${t.quoteId}, ${t.protocol}, ${t.sourceChain}, ${t.destinationChain}, ${t.token}, ${t.sourceCode}, ${t.destinationCode},
        ${t.accountId}, ${t.senderAddress}, ${t.recipientAddress}, ${t.recipient?.teamId ?? null}, ${t.recipient?.accountId ?? null},
        ${String(t.inputAmount)}::numeric, ${String(t.feeAmount)}::numeric, ${String(t.receiveAmount)}::numeric, ${t.fault}, ${t.status},
        ${t.sourceTxHash}, ${t.destinationTxHash}, ${t.refundTxHash}, ${t.failureReason}, ${t.schedule.sourceConfirmAt}, ${t.schedule.attestAt},
        ${t.schedule.completeAt}, ${t.schedule.timeoutAt}, ${t.createdAt}, ${t.updatedAt})`.execute(sqlTx(tx).db);
  }

  async find(tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined> {
    const { rows } = await sql<Row>`select * from crosschain_bridge_transfers where team_id = ${teamId} and id = ${id}`.execute(sqlTx(tx).db);
    return rows[0] && toTransfer(rows[0]);
  }

  async lock(tx: Tx, teamId: string, id: string): Promise<BridgeTransferRecord | undefined> {
    const { rows } = await sql<Row>`select * from crosschain_bridge_transfers where team_id = ${teamId} and id = ${id} for update`.execute(sqlTx(tx).db);
    return rows[0] && toTransfer(rows[0]);
  }

  async update(tx: Tx, t: BridgeTransferRecord): Promise<void> {
    // Only what a lifecycle step changes.
    await sql`
      update crosschain_bridge_transfers set status = ${t.status}, recipient_address = ${t.recipientAddress}, destination_tx_hash = ${t.destinationTxHash}, refund_tx_hash = ${t.refundTxHash},
        failure_reason = ${t.failureReason}, updated_at = ${t.updatedAt}
      where team_id = ${t.teamId} and id = ${t.id}`.execute(sqlTx(tx).db);
  }

  async quoteUsed(tx: Tx, teamId: string, quoteId: string): Promise<boolean> {
    const { rows } = await sql`select 1 from crosschain_bridge_transfers where team_id = ${teamId} and quote_id = ${quoteId}`.execute(sqlTx(tx).db);
    return rows.length > 0;
  }

  async inFlight(tx: Tx, teamId: string): Promise<BridgeTransferRecord[]> {
    const { rows } = await sql<Row>`
      select * from crosschain_bridge_transfers where team_id = ${teamId} and status not in ('completed', 'failed') order by created_at, id`.execute(sqlTx(tx).db);
    return rows.map(toTransfer);
  }

  async history(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<BridgeTransferRecord[]> {
    const { rows } = await sql<Row>`
      select * from crosschain_bridge_transfers where team_id = ${teamId}
        ${filter.accountId !== undefined ? sql`and account_id = ${filter.accountId}` : sql``}
        ${filter.from ? sql`and created_at >= ${filter.from}` : sql``}
        ${filter.before ? sql`and created_at < ${filter.before}` : sql``}
      order by created_at, id limit ${limit}`.execute(sqlTx(tx).db);
    return rows.map(toTransfer);
  }
}
