import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { poolsOn } from './pool-catalog.js';
import { seededReserves, type TokenPrice } from './pool-state.js';
import { candidateRoutes, priceImpactPpm, type PoolView } from './route-search.js';

const prices = new Map<string, TokenPrice>([
  ['USDC', { decimals: 6, usd: { numerator: 1n, scale: 0 } }],
  ['USDT', { decimals: 6, usd: { numerator: 1n, scale: 0 } }],
  ['DAI', { decimals: 18, usd: { numerator: 1n, scale: 0 } }],
  ['WETH', { decimals: 18, usd: { numerator: 3400n, scale: 0 } }],
  ['WBTC', { decimals: 8, usd: { numerator: 65000n, scale: 0 } }],
]);
const pools: PoolView[] = poolsOn('ethereum', new Set(prices.keys())).map((spec) => ({
  spec,
  reserves: seededReserves(spec, prices),
  decimals: spec.tokens.map((token) => prices.get(token)!.decimals),
}));

test('every direct pool and every same-DEX two-hop route through a hub is a candidate', () => {
  const routes = candidateRoutes(pools, 'DAI', 'WBTC', 10n ** 21n);
  assert.ok(routes.every((route) => route.path.length === 3), 'no DAI/WBTC pool: only hops');
  assert.ok(routes.some((route) => route.path[1] === 'WETH') && routes.some((route) => route.path[1] === 'USDC'));
  assert.ok(routes.every((route) => route.pools.every((pool) => pool.spec.dex === route.dex)));
  const direct = candidateRoutes(pools, 'USDC', 'WETH', 1_000n * 10n ** 6n).filter((route) => route.path.length === 2);
  assert.is(direct.length, 5, 'four tiers and SushiSwap');
});

test('a route\'s output is near the feed price less fees; impact grows with size', () => {
  const small = candidateRoutes(pools, 'USDC', 'WETH', 3_400n * 10n ** 6n).find((route) => route.pools[0]!.spec.id === 'ethereum:uniswap_v3:USDC-WETH:500')!;
  // 3,400 USDC buys about 1 WETH, less 0.05 %.
  assert.ok(small.amountOut > 9_990n * 10n ** 14n && small.amountOut < 9_996n * 10n ** 14n, String(small.amountOut));
  const large = candidateRoutes(pools, 'USDC', 'WETH', 34_000_000n * 10n ** 6n).find((route) => route.pools[0]!.spec.id === 'ethereum:uniswap_v3:USDC-WETH:500')!;
  assert.ok(priceImpactPpm(large) > priceImpactPpm(small) * 1_000n);
});

test('for stablecoins Curve\'s 3pool gives the least impact for a large trade', () => {
  const routes = candidateRoutes(pools, 'USDC', 'DAI', 20_000_000n * 10n ** 6n);
  const best = routes.reduce((a, b) => (b.amountOut > a.amountOut ? b : a));
  assert.is(best.dex, 'curve');
  assert.ok(priceImpactPpm(best) < 10_000n, 'under 1 %');
});

test.run();
