import { quoteHop, type PoolView } from './route-search.js';

/** One hop of an executed trade. */
export interface TradedHop {
  readonly poolId: string;
  readonly tokenIn: string;
  readonly tokenOut: string;
  readonly amountIn: bigint;
  readonly out: bigint;
}

export interface RouteTrade {
  readonly out: bigint;
  /** The route's pools after the trade (a pool used twice shows its last state). */
  readonly pools: ReadonlyMap<string, PoolView>;
  readonly hops: readonly TradedHop[];
}

/**
 * Trades `amountIn` along `path` through `pools`: each hop pays what the
 * quote formula gives (fee taken) and the pool keeps the whole input, so
 * its fee stays in its reserves, as the contracts do: reserve in + amountIn,
 * reserve out − out. Pure and exact; the caller holds the pools' locks.
 */
export function tradeRoute(pools: readonly PoolView[], path: readonly string[], amountIn: bigint): RouteTrade {
  const after = new Map<string, PoolView>();
  const hops: TradedHop[] = [];
  let amount = amountIn;
  pools.forEach((route, hop) => {
    const pool = after.get(route.spec.id) ?? route;
    const tokenIn = path[hop]!;
    const tokenOut = path[hop + 1]!;
    const out = quoteHop(pool, tokenIn, tokenOut, amount).out;
    const reserves = [...pool.reserves];
    reserves[pool.spec.tokens.indexOf(tokenIn)]! += amount;
    reserves[pool.spec.tokens.indexOf(tokenOut)]! -= out;
    after.set(pool.spec.id, { ...pool, reserves });
    hops.push({ poolId: pool.spec.id, tokenIn, tokenOut, amountIn: amount, out });
    amount = out;
  });
  return { out: amount, pools: after, hops };
}
