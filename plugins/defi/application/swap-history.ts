import { inject, injectable } from 'inversify';
import { activityAnswer, Chain, ChainCatalog, type ActivityHistory, type ActivityHistoryEntry, type ActivityHistoryFilter, type Tx } from '../../../kernel/public.js';
import { SwapRepository } from '../ports.js';

/**
 * The team's executed swaps for questions about its transactions (the
 * ActivityHistory port, read by `ai`): what left the account and what the
 * pools paid, pending until the swap's chain transaction is final (as
 * GET /defi/swap shows it: submitted, then confirmed). A swap that failed
 * was never stored (nothing moved), so none is failed.
 */
@injectable()
export class SwapHistory implements ActivityHistory {
  readonly kind = 'swap' as const;
  readonly module = 'defi';

  constructor(
    @inject(SwapRepository) private readonly swaps: SwapRepository,
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  async search(tx: Tx, teamId: string, filter: ActivityHistoryFilter, limit: number): Promise<{ entries: ActivityHistoryEntry[]; truncated: boolean }> {
    const swaps = await this.swaps.history(tx, teamId, filter, limit + 1);
    const entries: ActivityHistoryEntry[] = [];
    for (const swap of swaps) {
      const receipt = await this.chain.receipt(tx, swap.chain, swap.txHash);
      const decimals = (code: string) => this.catalog.requireToken(swap.chain, code, '').decimals;
      entries.push({
        id: swap.id,
        kind: 'swap',
        accountId: swap.accountId,
        amount: swap.amountIn,
        precision: decimals(swap.tokenIn),
        assetCode: swap.tokenIn,
        chain: swap.chain,
        status: receipt?.status === 'finalized' ? 'completed' : 'pending',
        direction: 'sent',
        counterparty: swap.dex,
        sourceChain: null,
        destinationChain: null,
        bridgeProtocol: null,
        received: { amount: swap.amountOut, precision: decimals(swap.tokenOut), assetCode: swap.tokenOut },
        transferId: null,
        createdAt: swap.createdAt,
      });
    }
    return activityAnswer(entries, limit);
  }
}
