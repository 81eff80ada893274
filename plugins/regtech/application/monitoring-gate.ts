import { inject, injectable } from 'inversify';
import { splitHoldingCode, type SettlementCandidate, type SettlementDecision, type SettlementGate, type Tx } from '../../../kernel/public.js';
import { MonitoringRepository, type MonitoredTransactionRecord } from '../ports.js';
import { TransactionMonitor } from './transaction-monitor.js';

/**
 * The SettlementGate core banking consults at each transfer's settlement
 * step (docs/regtech.md#holding-a-transfer-for-review). It does not wait for
 * the monitoring consumer: it runs the transfer rules itself, through the
 * consumer's own code and record (one record per transfer, whichever runs
 * first), then answers from the review status — pending_review holds the
 * transfer, rejected fails it, anything else (not flagged, clear, cleared)
 * lets it settle.
 */
@injectable()
export class MonitoringSettlementGate implements SettlementGate {
  constructor(
    @inject(TransactionMonitor) private readonly monitor: TransactionMonitor,
    @inject(MonitoringRepository) private readonly monitoring: MonitoringRepository,
  ) {}

  async review(tx: Tx, candidates: readonly SettlementCandidate[]): Promise<SettlementDecision[]> {
    // In creation order, so the window rules count a sender's earlier transfers of the same batch first.
    const ordered = [...candidates].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.transferId < b.transferId ? -1 : 1));
    for (const c of ordered) {
      await this.monitor.observeTransfer(tx, { teamId: c.teamId, transferId: c.transferId, fromAccount: c.fromAccount, amount: c.amount, assetCode: splitHoldingCode(c.assetCode).assetCode, at: c.createdAt });
    }
    const records = new Map<string, MonitoredTransactionRecord>();
    for (const teamId of new Set(candidates.map((c) => c.teamId))) {
      const ids = candidates.filter((c) => c.teamId === teamId).map((c) => c.transferId);
      for (const record of await this.monitoring.many(tx, teamId, ids)) records.set(`${teamId}\u0000${record.transactionId}`, record);
    }
    return candidates.map((c) => decisionOf(records.get(`${c.teamId}\u0000${c.transferId}`)));
  }
}

function decisionOf(record: MonitoredTransactionRecord | undefined): SettlementDecision {
  if (record?.reviewStatus === 'pending_review') return 'hold';
  if (record?.reviewStatus === 'rejected') return 'reject';
  return 'settle';
}
