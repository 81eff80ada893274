import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Chain,
  Clock,
  ConflictError,
  Ids,
  Ledger,
  OnChainHoldings,
  ValidationError,
  WORLD_ACCOUNT,
  type Tx,
} from '../../../kernel/public.js';
import { tradeRoute } from '../domain/pool-trade.js';
import type { SwapRecord } from '../domain/swap.js';
import type { SwapQuoteRecord } from '../domain/swap-quote.js';
import { QuoteRepository, SwapRepository } from '../ports.js';
import { PoolMarket } from './pool-market.js';
import { PoolTrading } from './pool-trading.js';

export interface SwapOrder {
  readonly teamId: string;
  readonly accountId: string;
  readonly quote: SwapQuoteRecord;
  /** The least output accepted, in base units of the token bought. */
  readonly minimumOutput: bigint;
  /** Refuse when the chain's gas price is above it (version 1's max_gas_price_gwei). */
  readonly maxGasPriceWei?: bigint;
  /** Refuse after it (version 1's deadline_minutes from the quote). */
  readonly deadline?: Date;
  /** Where each refusal points, in the version's own field names. */
  readonly pointers: { readonly quote: string; readonly amount: string; readonly gas?: string; readonly deadline?: string };
}

/**
 * Executes a stored quote, atomically in the caller's transaction: the
 * quote is claimed (at most once), the route's pools are locked and traded
 * at their state now, an output under the minimum is refused before anything
 * is written, and the Ledger moves the account's holdings with the first and
 * last pool as counterparties, which also moves the tokens on chain. The
 * swap's chain transaction is the one that paid the first pool.
 */
@injectable()
export class SwapExecutor {
  constructor(
    @inject(PoolMarket) private readonly market: PoolMarket,
    @inject(PoolTrading) private readonly trading: PoolTrading,
    @inject(QuoteRepository) private readonly quotes: QuoteRepository,
    @inject(SwapRepository) private readonly swaps: SwapRepository,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(Chain) private readonly chain: Chain,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
  ) {}

  async execute(tx: Tx, order: SwapOrder): Promise<SwapRecord> {
    const { quote, pointers } = order;
    const now = this.clock.now();
    if (now > quote.expiresAt) throw ValidationError.field(pointers.quote, `The quote expired at ${quote.expiresAt.toISOString()}; ask for a new one.`, 'quote_expired');
    if (order.deadline && now > order.deadline) throw ValidationError.field(pointers.deadline!, `The deadline passed at ${order.deadline.toISOString()}.`, 'deadline_passed');
    const { gasPriceWei } = await this.chain.head(quote.chain);
    if (order.maxGasPriceWei !== undefined && gasPriceWei > order.maxGasPriceWei) {
      throw ValidationError.field(pointers.gas!, `The gas price on ${quote.chain} is ${gasPriceWei} wei, above the maximum given.`, 'gas_price_too_high');
    }
    if (!(await this.quotes.markExecuted(tx, order.teamId, quote.id, now))) {
      throw new ConflictError(`Quote ${quote.id} was executed already: a quote executes at most once.`, 'quote_already_executed');
    }
    const pools = await this.trading.open(tx, quote.chain, quote.route.pools, await this.market.prices(quote.chain));
    const trade = tradeRoute(quote.route.pools.map((id) => pools.get(id)!), quote.route.path, quote.amountIn);
    if (trade.out < order.minimumOutput) {
      throw ValidationError.field(pointers.amount, `The pools pay ${trade.out} base units now, under the minimum of ${order.minimumOutput}: the price moved past the slippage allowed.`, 'slippage_exceeded');
    }
    const codeIn = this.#code(quote.chain, quote.tokenIn);
    const codeOut = this.#code(quote.chain, quote.tokenOut);
    const id = this.ids.uuid();
    const posted = await this.ledger.post(tx, order.teamId, {
      kind: 'defi.swap',
      reference: id,
      legs: [
        { accountId: order.accountId, assetCode: codeIn, amount: -quote.amountIn },
        { accountId: WORLD_ACCOUNT, assetCode: codeIn, amount: quote.amountIn },
        { accountId: WORLD_ACCOUNT, assetCode: codeOut, amount: -trade.out },
        { accountId: order.accountId, assetCode: codeOut, amount: trade.out },
      ],
      counterparties: { [codeIn]: this.trading.address(quote.chain, quote.route.pools[0]!), [codeOut]: this.trading.address(quote.chain, quote.route.pools.at(-1)!) },
    });
    await this.trading.settle(tx, quote.chain, trade.pools, trade.hops);
    const swap: SwapRecord = {
      id,
      teamId: order.teamId,
      quoteId: quote.id,
      accountId: order.accountId,
      chain: quote.chain,
      tokenIn: quote.tokenIn,
      tokenOut: quote.tokenOut,
      amountIn: quote.amountIn,
      expectedOutput: quote.estimatedOutput,
      amountOut: trade.out,
      minimumOutput: order.minimumOutput,
      dex: quote.route.dex,
      path: quote.route.path,
      pools: quote.route.pools,
      txHash: posted.chainTransactions.find((sent) => sent.assetCode === quote.tokenIn)!.hash,
      gasPriceWei,
      createdAt: now,
    };
    await this.swaps.insert(tx, swap);
    return swap;
  }

  #code(chain: string, assetCode: string): string {
    return this.holdings.resolve(this.assets.require(assetCode, '/token'), chain, '/chain').code;
  }
}
