import { inject, injectable } from 'inversify';
import { Chain, Clock, Ids, type Tx } from '../../../kernel/public.js';
import { DefiConfig } from '../config.js';
import type { Dex } from '../domain/pool-catalog.js';
import type { TokenPrice } from '../domain/pool-state.js';
import { candidateRoutes, priceImpactPpm, type Route } from '../domain/route-search.js';
import type { QuotedAlternative, SwapQuoteRecord } from '../domain/swap-quote.js';
import { QuoteRepository } from '../ports.js';
import { PoolMarket } from './pool-market.js';

export interface QuoteRequest {
  readonly teamId: string;
  readonly chain: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
  readonly dexes: readonly Dex[];
  /** Slippage tolerance in millionths, when the caller gave one. */
  readonly slippagePpm: bigint | null;
}

/** A route with its gas cost in USD (6 decimals) and in the output token, and its output net of that gas. */
interface PricedRoute {
  readonly route: Route;
  readonly gasUsdMicros: bigint;
  readonly net: bigint;
}

const MICROS = 1_000_000n;
const WEI_PER_NATIVE = 10n ** 18n;

/**
 * The aggregator: every route on every enabled DEX (each Uniswap v3 tier,
 * two hops through WETH or USDC), its output net of gas valued in the output
 * token, the best one chosen and stored as a quote that expires.
 */
@injectable()
export class SwapQuoter {
  constructor(
    @inject(PoolMarket) private readonly market: PoolMarket,
    @inject(Chain) private readonly chain: Chain,
    @inject(QuoteRepository) private readonly quotes: QuoteRepository,
    @inject(Clock) private readonly clock: Clock,
    @inject(Ids) private readonly ids: Ids,
    @inject(DefiConfig) private readonly config: DefiConfig,
  ) {}

  /** The stored quote; undefined when no pool of the chosen DEXes makes the trade (nothing is stored). */
  async quote(tx: Tx, request: QuoteRequest): Promise<SwapQuoteRecord | undefined> {
    const record = await this.best(tx, request);
    if (record) await this.quotes.insert(tx, record);
    return record;
  }

  /** The quote the pools give now, not stored (an estimate for another module: the TokenSwaps port). */
  async best(tx: Tx, request: QuoteRequest): Promise<SwapQuoteRecord | undefined> {
    const prices = await this.market.prices(request.chain);
    const pools = (await this.market.views(tx, request.chain, prices)).filter((pool) => request.dexes.includes(pool.spec.dex));
    const routes = candidateRoutes(pools, request.tokenIn, request.tokenOut, request.amountIn);
    if (routes.length === 0) return undefined;
    const head = await this.chain.head(request.chain);
    const native = prices.get(this.market.nativeAsset(request.chain))!;
    const out = prices.get(request.tokenOut)!;
    const priced = routes.map((route) => this.#price(route, head.gasPriceWei, native, out)).sort(byNetThenOutput);
    const best = priced[0]!;
    const now = this.clock.now();
    const record: SwapQuoteRecord = {
      id: this.ids.uuid(),
      teamId: request.teamId,
      chain: request.chain,
      tokenIn: request.tokenIn,
      tokenOut: request.tokenOut,
      amountIn: request.amountIn,
      estimatedOutput: best.route.amountOut,
      minimumOutput: request.slippagePpm === null ? null : (best.route.amountOut * (MICROS - request.slippagePpm)) / MICROS,
      route: {
        dex: best.route.dex,
        path: best.route.path,
        pools: best.route.pools.map((pool) => pool.spec.id),
        feeTier: sharedFee(best.route),
      },
      alternatives: alternativesTo(best, priced),
      priceImpactPpm: priceImpactPpm(best.route),
      gasUsdMicros: best.gasUsdMicros,
      gasUnits: best.route.gasUnits,
      gasPriceWei: head.gasPriceWei,
      expiresAt: new Date(now.getTime() + this.config.quote_ttl_seconds * 1000),
      createdAt: now,
    };
    return record;
  }

  #price(route: Route, gasPriceWei: bigint, native: TokenPrice, out: TokenPrice): PricedRoute {
    // gas × price in wei → native coins → USD (6 decimals) → base units of the output token.
    const gasUsdMicros = (route.gasUnits * gasPriceWei * native.usd.numerator * MICROS) / (WEI_PER_NATIVE * 10n ** BigInt(native.usd.scale));
    const gasInOut = (gasUsdMicros * 10n ** BigInt(out.decimals + out.usd.scale)) / (MICROS * out.usd.numerator);
    return { route, gasUsdMicros, net: route.amountOut - gasInOut };
  }
}

function byNetThenOutput(a: PricedRoute, b: PricedRoute): number {
  if (a.net !== b.net) return a.net > b.net ? -1 : 1;
  if (a.route.amountOut !== b.route.amountOut) return a.route.amountOut > b.route.amountOut ? -1 : 1;
  return a.route.pools.map((pool) => pool.spec.id).join().localeCompare(b.route.pools.map((pool) => pool.spec.id).join());
}

/** The best route of every other DEX that can make the trade. */
function alternativesTo(best: PricedRoute, ranked: readonly PricedRoute[]): QuotedAlternative[] {
  const seen = new Set([best.route.dex]);
  const alternatives: QuotedAlternative[] = [];
  for (const one of ranked) {
    if (seen.has(one.route.dex)) continue;
    seen.add(one.route.dex);
    alternatives.push({ dex: one.route.dex, estimatedOutput: one.route.amountOut, priceImpactPpm: priceImpactPpm(one.route) });
  }
  return alternatives;
}

function sharedFee(route: Route): number | null {
  const fees = new Set(route.pools.map((pool) => pool.spec.feePips));
  return fees.size === 1 ? Number([...fees][0]) : null;
}
