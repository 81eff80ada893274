import { inject, injectable } from 'inversify';
import { activityAnswer, AssetCatalog, type ActivityHistory, type ActivityHistoryEntry, type ActivityHistoryFilter, type Tx } from '../../../kernel/public.js';
import type { BridgeStatus } from '../domain/bridge-transfer.js';
import { BridgeTransferRepository } from '../ports.js';

/** The lifecycle in the history's three statuses: in flight until it completes or fails (refunded). */
const STATUS: Record<BridgeStatus, ActivityHistoryEntry['status']> = {
  pending: 'pending',
  source_confirmed: 'pending',
  attested: 'pending',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The team's bridge transfers for questions about its transactions (the
 * ActivityHistory port, read by `ai`): one entry per transfer, sent from
 * the debited account on the source chain (the amount is what left it,
 * fee included), with both chains, the protocol and the recipient address.
 */
@injectable()
export class BridgeHistory implements ActivityHistory {
  readonly kind = 'cross_chain_transfer' as const;
  readonly module = 'crosschain';

  constructor(
    @inject(BridgeTransferRepository) private readonly transfers: BridgeTransferRepository,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async search(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<{ entries: ActivityHistoryEntry[]; truncated: boolean }> {
    const transfers = await this.transfers.history(tx, teamId, filter, limit + 1);
    const entries = transfers.map((transfer): ActivityHistoryEntry => ({
      id: transfer.id,
      kind: 'cross_chain_transfer',
      accountId: transfer.accountId,
      amount: transfer.inputAmount,
      precision: this.assets.require(transfer.token, '/token').precision,
      assetCode: transfer.token,
      chain: transfer.sourceChain,
      status: STATUS[transfer.status],
      direction: 'sent',
      counterparty: transfer.recipientAddress,
      sourceChain: transfer.sourceChain,
      destinationChain: transfer.destinationChain,
      bridgeProtocol: transfer.protocol,
      received: null,
      transferId: null,
      createdAt: transfer.createdAt,
    }));
    return activityAnswer(entries, limit);
  }
}
