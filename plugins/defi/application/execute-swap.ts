import { inject, injectable } from 'inversify';
import {
  AssetCatalog,
  Chain,
  ChainCatalog,
  chooseAccount,
  Ledger,
  NotFoundError,
  OnChainHoldings,
  parseDecimal,
  UnitOfWork,
  ValidationError,
  walletAccount,
  type Operation,
  type RequestContext,
  type Tx,
} from '../../../kernel/public.js';
import { DEXES } from '../domain/pool-catalog.js';
import type { SwapRecord } from '../domain/swap.js';
import type { ExecuteSwapBody, ExecuteSwapV1Input, SwapParams, SwapView } from '../operations.js';
import { QuoteRepository, SwapRepository } from '../ports.js';
import { noRoute, validateQuote, type QuotePointers } from './quote-input.js';
import { SwapExecutor } from './swap-executor.js';
import { SwapQuoter } from './swap-quoter.js';
import { swapView } from './views.js';

/** Without slippage_bps (version 2) or a tolerance in the quote (version 1): 0.5 %. */
const DEFAULT_SLIPPAGE_BPS = 50n;
const BPS = 10_000n;
const WEI_PER_GWEI_DIGITS = 9;

/** A swap as the API shows it: confirmed once its chain transaction is final. */
@injectable()
export class SwapViews {
  constructor(
    @inject(Chain) private readonly chain: Chain,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
  ) {}

  async render(tx: Tx, swap: SwapRecord): Promise<SwapView> {
    const receipt = await this.chain.receipt(tx, swap.chain, swap.txHash);
    const decimals = (code: string) => this.catalog.requireToken(swap.chain, code, '').decimals;
    return swapView(swap, receipt?.status === 'finalized' ? 'confirmed' : 'submitted', decimals(swap.tokenIn), decimals(swap.tokenOut));
  }
}

/** POST /defi/swap/execute (version 2): quotes over every DEX and executes that quote at once, for the account given or the team's default one. */
@injectable()
export class ExecuteSwapOperation implements Operation<ExecuteSwapBody, SwapView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SwapQuoter) private readonly quoter: SwapQuoter,
    @inject(SwapExecutor) private readonly executor: SwapExecutor,
    @inject(SwapViews) private readonly views: SwapViews,
    @inject(Ledger) private readonly ledger: Ledger,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: ExecuteSwapBody, ctx: RequestContext): Promise<SwapView> {
    const at: QuotePointers = { chain: '/chain', tokenIn: '/from_token', tokenOut: '/to_token', amount: '/amount' };
    const valid = validateQuote(this.catalog, this.assets, { chain: input.chain ?? 'ethereum', tokenIn: input.from_token, tokenOut: input.to_token, amount: input.amount }, at);
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const accountId = await chooseAccount(tx, this.ledger, teamId, input.account_id, '/account_id');
      const quote = await this.quoter.quote(tx, { teamId, chain: valid.chain.name, tokenIn: valid.tokenIn, tokenOut: valid.tokenOut, amountIn: valid.amountIn, dexes: [...DEXES], slippagePpm: null });
      if (!quote) throw noRoute(valid, at);
      const bps = input.slippage_bps === undefined ? DEFAULT_SLIPPAGE_BPS : BigInt(input.slippage_bps);
      const swap = await this.executor.execute(tx, {
        teamId,
        accountId,
        quote,
        minimumOutput: (quote.estimatedOutput * (BPS - bps)) / BPS,
        pointers: { quote: '/amount', amount: '/slippage_bps' },
      });
      return this.views.render(tx, swap);
    });
  }
}

/** POST {api_root}/v1/defi/swap/execute: executes a stored quote for the account whose deposit address is wallet_address. */
@injectable()
export class ExecuteSwapV1Operation implements Operation<ExecuteSwapV1Input, SwapView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(QuoteRepository) private readonly quotes: QuoteRepository,
    @inject(SwapExecutor) private readonly executor: SwapExecutor,
    @inject(SwapViews) private readonly views: SwapViews,
    @inject(OnChainHoldings) private readonly holdings: OnChainHoldings,
  ) {}

  execute(input: ExecuteSwapV1Input, ctx: RequestContext): Promise<SwapView> {
    const maxGasPriceWei = gweiToWei(input.max_gas_price_gwei);
    const teamId = ctx.actor.teamId;
    return this.uow.run(async (tx) => {
      const quote = await this.quotes.find(tx, teamId, input.quote_id);
      if (!quote) throw new NotFoundError('Quote', input.quote_id, { pointer: '/quote_id' });
      const accountId = await walletAccount(tx, this.holdings, teamId, quote.chain, input.wallet_address, '/wallet_address');
      const tolerance = quote.minimumOutput ?? (quote.estimatedOutput * (BPS - DEFAULT_SLIPPAGE_BPS)) / BPS;
      const swap = await this.executor.execute(tx, {
        teamId,
        accountId,
        quote,
        minimumOutput: tolerance,
        maxGasPriceWei,
        deadline: new Date(quote.createdAt.getTime() + input.deadline_minutes * 60_000),
        pointers: { quote: '/quote_id', amount: '/quote_id', gas: '/max_gas_price_gwei', deadline: '/deadline_minutes' },
      });
      return this.views.render(tx, swap);
    });
  }
}

/** GET {api_root}/v1/defi/swap/{swap_id}: a swap of the team, its status as its chain transaction stands now. */
@injectable()
export class ReadSwapOperation implements Operation<SwapParams, SwapView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SwapRepository) private readonly swaps: SwapRepository,
    @inject(SwapViews) private readonly views: SwapViews,
  ) {}

  execute(input: SwapParams, ctx: RequestContext): Promise<SwapView> {
    return this.uow.run(async (tx) => {
      const swap = await this.swaps.find(tx, ctx.actor.teamId, input.id);
      if (!swap) throw new NotFoundError('Swap', input.id);
      return this.views.render(tx, swap);
    });
  }
}

/** Gwei (a JSON number, at most 9 decimals) in wei, exactly. */
function gweiToWei(gwei: number): bigint {
  // JavaScript writes small numbers with an exponent (1e-9): spell them out with exactly the decimals they have.
  const exponent = /^\d(?:\.(\d+))?e-(\d+)$/.exec(String(gwei));
  const text = exponent ? gwei.toFixed(Math.min(100, (exponent[1]?.length ?? 0) + Number(exponent[2]))) : String(gwei);
  const parsed = parseDecimal(text, WEI_PER_GWEI_DIGITS);
  if (!parsed.ok) throw ValidationError.field('/max_gas_price_gwei', 'max_gas_price_gwei is a positive number of gwei with at most 9 decimals.', 'invalid_gas_price');
  return parsed.minor;
}
