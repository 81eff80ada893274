import { inject, injectable } from 'inversify';
import type { TokenSwapOrder, TokenSwapRequest, TokenSwapResult, TokenSwaps, Tx } from '../../../kernel/public.js';
import { DEXES } from '../domain/pool-catalog.js';
import { QuoteRepository } from '../ports.js';
import { SwapExecutor } from './swap-executor.js';
import { SwapQuoter } from './swap-quoter.js';

/**
 * The TokenSwaps port over the aggregator: the best route over every DEX
 * now, executed as POST /defi/swap/execute does (a stored quote claimed once,
 * the pools traded, the ledger and the chain moved in the caller's unit of
 * work). An output under the minimum is an answer, not an error, so the
 * caller (a cross-chain swap whose bridged tokens arrived) applies its own
 * policy in the same transaction; nothing has moved then.
 */
@injectable()
export class DefiTokenSwaps implements TokenSwaps {
  constructor(
    @inject(SwapQuoter) private readonly quoter: SwapQuoter,
    @inject(SwapExecutor) private readonly executor: SwapExecutor,
    @inject(QuoteRepository) private readonly quotes: QuoteRepository,
  ) {}

  async estimate(tx: Tx, request: TokenSwapRequest): Promise<bigint | undefined> {
    return (await this.quoter.best(tx, { ...request, dexes: [...DEXES], slippagePpm: null }))?.estimatedOutput;
  }

  async swap(tx: Tx, order: TokenSwapOrder): Promise<TokenSwapResult> {
    const request = { teamId: order.teamId, chain: order.chain, tokenIn: order.tokenIn, tokenOut: order.tokenOut, amountIn: order.amountIn, dexes: [...DEXES], slippagePpm: null };
    const best = await this.quoter.best(tx, request);
    if (!best) return { ok: false, code: 'no_route', expectedOutput: null, detail: `No pool on ${order.chain} swaps ${order.tokenIn} for ${order.tokenOut}.` };
    if (best.estimatedOutput < order.minimumOutput) {
      return { ok: false, code: 'slippage_exceeded', expectedOutput: best.estimatedOutput, detail: `The pools on ${order.chain} pay ${best.estimatedOutput} base units of ${order.tokenOut} now, under the minimum of ${order.minimumOutput}.` };
    }
    // Checked first, so a quote is stored only for a swap that is made (the executor claims it and trades the same pools, locked, in this transaction).
    await this.quotes.insert(tx, best);
    const swap = await this.executor.execute(tx, { teamId: order.teamId, accountId: order.accountId, quote: best, minimumOutput: order.minimumOutput, pointers: { quote: '/amount', amount: '/slippage_bps' } });
    return { ok: true, swapId: swap.id, amountOut: swap.amountOut, txHash: swap.txHash, dex: swap.dex };
  }
}
