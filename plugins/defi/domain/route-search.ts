import { amountOut as constantProductOut } from './constant-product.js';
import type { Dex, PoolSpec } from './pool-catalog.js';
import { exchange, invariantD } from './stableswap.js';

/** A pool as quoting sees it: its spec, current reserves and its tokens' decimals. */
export interface PoolView {
  readonly spec: PoolSpec;
  readonly reserves: readonly bigint[];
  readonly decimals: readonly number[];
  /** LP shares issued through the service (liquidity.ts); absent where quoting alone needs no shares. */
  readonly totalShares?: bigint;
}

export interface HopQuote {
  /** What the pool pays, fee taken. */
  readonly out: bigint;
  /** What it would pay without its fee: the gap to `mid` is the price impact. */
  readonly outWithoutFee: bigint;
  /** The input valued at the pool's marginal price (no fee, no impact). */
  readonly mid: bigint;
}

export interface Route {
  readonly dex: Dex;
  /** Tokens from input to output, e.g. [DAI, WETH, WBTC]. */
  readonly path: readonly string[];
  readonly pools: readonly PoolView[];
  readonly amountOut: bigint;
  readonly outWithoutFee: bigint;
  readonly mid: bigint;
  readonly gasUnits: bigint;
}

/** Gas a swap on each DEX uses, and what each further hop adds (v2 ≈ 100–150k, v3 ≈ 130–180k, multi-hop 200k+). */
const GAS: Record<Dex, { first: bigint; extraHop: bigint }> = {
  uniswap_v3: { first: 140_000n, extraHop: 90_000n },
  sushiswap: { first: 110_000n, extraHop: 70_000n },
  curve: { first: 170_000n, extraHop: 120_000n },
};

/** Tokens two-hop routes may pass through. */
export const HUBS: readonly string[] = ['WETH', 'USDC'];

const PIPS_TO_CURVE_FEE = 10_000n;
const NORMALISED_DECIMALS = 18;

function normaliser(decimals: number): bigint {
  return 10n ** BigInt(NORMALISED_DECIMALS - decimals);
}

/** One hop through one pool. */
export function quoteHop(pool: PoolView, tokenIn: string, tokenOut: string, amountIn: bigint): HopQuote {
  const i = pool.spec.tokens.indexOf(tokenIn);
  const j = pool.spec.tokens.indexOf(tokenOut);
  if (pool.spec.dex !== 'curve') {
    const reserves = { reserveIn: pool.reserves[i]!, reserveOut: pool.reserves[j]! };
    return {
      out: constantProductOut(amountIn, reserves, pool.spec.feePips),
      outWithoutFee: constantProductOut(amountIn, reserves, 0n),
      mid: reserves.reserveIn === 0n ? 0n : (amountIn * reserves.reserveOut) / reserves.reserveIn,
    };
  }
  const rates = pool.decimals.map(normaliser);
  const xp = pool.reserves.map((reserve, k) => reserve * rates[k]!);
  const amp = pool.spec.amplification!;
  const dx = amountIn * rates[i]!;
  // One D for the three trades on the same balances.
  const d = invariantD(xp, amp);
  const withFee = exchange(i, j, dx, xp, amp, pool.spec.feePips * PIPS_TO_CURVE_FEE, d);
  const withoutFee = exchange(i, j, dx, xp, amp, 0n, d);
  // The marginal price from a trade of a billionth of the pool's balance.
  const tiny = xp[i]! / 1_000_000_000n || 1n;
  const spot = exchange(i, j, tiny, xp, amp, 0n, d).dy;
  return { out: withFee.dy / rates[j]!, outWithoutFee: withoutFee.dy / rates[j]!, mid: (dx * spot) / tiny / rates[j]! };
}

function routeThrough(pools: readonly PoolView[], path: readonly string[], amountIn: bigint): Route {
  let out = amountIn;
  let outWithoutFee = amountIn;
  let mid = amountIn;
  pools.forEach((pool, hop) => {
    out = quoteHop(pool, path[hop]!, path[hop + 1]!, out).out;
    outWithoutFee = quoteHop(pool, path[hop]!, path[hop + 1]!, outWithoutFee).outWithoutFee;
    mid = quoteHop(pool, path[hop]!, path[hop + 1]!, mid).mid;
  });
  const dex = pools[0]!.spec.dex;
  return { dex, path, pools, amountOut: out, outWithoutFee, mid, gasUnits: GAS[dex].first + GAS[dex].extraHop * BigInt(pools.length - 1) };
}

const holds = (pool: PoolView, a: string, b: string) => pool.spec.tokens.includes(a) && pool.spec.tokens.includes(b);

/**
 * Every route from tokenIn to tokenOut: each pool holding both, and two hops
 * through a hub (WETH, USDC) on two pools of the same DEX, as one DEX's
 * router would take them.
 */
export function candidateRoutes(pools: readonly PoolView[], tokenIn: string, tokenOut: string, amountIn: bigint): Route[] {
  const routes = pools.filter((pool) => holds(pool, tokenIn, tokenOut)).map((pool) => routeThrough([pool], [tokenIn, tokenOut], amountIn));
  for (const hub of HUBS) {
    if (hub === tokenIn || hub === tokenOut) continue;
    for (const first of pools.filter((pool) => holds(pool, tokenIn, hub))) {
      for (const second of pools.filter((pool) => pool.spec.dex === first.spec.dex && holds(pool, hub, tokenOut))) {
        routes.push(routeThrough([first, second], [tokenIn, hub, tokenOut], amountIn));
      }
    }
  }
  return routes.filter((route) => route.amountOut > 0n);
}

/** Parts per million of price impact: how far the fee-free output falls short of the mid-price value. */
export function priceImpactPpm(route: Route): bigint {
  if (route.mid === 0n || route.outWithoutFee >= route.mid) return 0n;
  return ((route.mid - route.outWithoutFee) * 1_000_000n) / route.mid;
}
