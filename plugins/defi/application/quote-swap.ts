import { inject, injectable } from 'inversify';
import { asQueryParameters, AssetCatalog, ChainCatalog, UnitOfWork, type Operation, type RequestContext } from '../../../kernel/public.js';
import { DEXES } from '../domain/pool-catalog.js';
import type { SwapQuoteQuery, SwapQuoteV1Input, SwapQuoteView } from '../operations.js';
import { dexSources, noRoute, slippagePpm, validateQuote, type QuotePointers, type ValidatedQuote } from './quote-input.js';
import { SwapQuoter, type QuoteRequest } from './swap-quoter.js';
import { swapQuoteView } from './views.js';

/** Quotes one validated request in a unit of work (the quote is stored) and renders it. */
async function quoteAndView(uow: UnitOfWork, quoter: SwapQuoter, catalog: ChainCatalog, valid: ValidatedQuote, request: QuoteRequest, at: QuotePointers): Promise<SwapQuoteView> {
  const quote = await uow.run((tx) => quoter.quote(tx, request));
  if (!quote) throw noRoute(valid, at);
  const decimals = (code: string) => catalog.requireToken(valid.chain.name, code, '').decimals;
  return swapQuoteView(quote, decimals(quote.tokenIn), decimals(quote.tokenOut));
}

/** GET /defi/swap/quote (version 2): the best aggregated quote over every DEX, default chain ethereum. */
@injectable()
export class GetSwapQuoteOperation implements Operation<SwapQuoteQuery, SwapQuoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SwapQuoter) private readonly quoter: SwapQuoter,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: SwapQuoteQuery, ctx: RequestContext): Promise<SwapQuoteView> {
    const at: QuotePointers = { chain: '/chain', tokenIn: '/from', tokenOut: '/to', amount: '/amount' };
    return asQueryParameters(async () => {
      const valid = validateQuote(this.catalog, this.assets, { chain: input.chain ?? 'ethereum', tokenIn: input.from, tokenOut: input.to, amount: input.amount }, at);
      const request: QuoteRequest = { teamId: ctx.actor.teamId, chain: valid.chain.name, tokenIn: valid.tokenIn, tokenOut: valid.tokenOut, amountIn: valid.amountIn, dexes: [...DEXES], slippagePpm: null };
      return quoteAndView(this.uow, this.quoter, this.catalog, valid, request, at);
    });
  }
}

/** POST {api_root}/v1/defi/swap/quote: the spec's version 1 quote, with dex_sources and a slippage tolerance. */
@injectable()
export class QuoteSwapV1Operation implements Operation<SwapQuoteV1Input, SwapQuoteView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SwapQuoter) private readonly quoter: SwapQuoter,
    @inject(ChainCatalog) private readonly catalog: ChainCatalog,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  execute(input: SwapQuoteV1Input, ctx: RequestContext): Promise<SwapQuoteView> {
    const at: QuotePointers = { chain: '/chain', tokenIn: '/token_in', tokenOut: '/token_out', amount: '/amount_in' };
    const valid = validateQuote(this.catalog, this.assets, { chain: input.chain, tokenIn: input.token_in, tokenOut: input.token_out, amount: input.amount_in }, at);
    const request: QuoteRequest = {
      teamId: ctx.actor.teamId,
      chain: valid.chain.name,
      tokenIn: valid.tokenIn,
      tokenOut: valid.tokenOut,
      amountIn: valid.amountIn,
      dexes: dexSources(input.dex_sources, '/dex_sources'),
      slippagePpm: slippagePpm(input.slippage_tolerance, '/slippage_tolerance'),
    };
    return quoteAndView(this.uow, this.quoter, this.catalog, valid, request, at);
  }
}
