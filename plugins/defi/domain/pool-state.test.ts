import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { poolsOn } from './pool-catalog.js';
import { closedShare, driftConstantProduct, driftStable, seededReserves, type TokenPrice } from './pool-state.js';
import { invariantD } from './stableswap.js';

const prices = new Map<string, TokenPrice>([
  ['USDC', { decimals: 6, usd: { numerator: 1n, scale: 0 } }],
  ['USDT', { decimals: 6, usd: { numerator: 1n, scale: 0 } }],
  ['DAI', { decimals: 18, usd: { numerator: 1n, scale: 0 } }],
  ['WETH', { decimals: 18, usd: { numerator: 3400n, scale: 0 } }],
  ['WBTC', { decimals: 8, usd: { numerator: 65000n, scale: 0 } }],
]);
const ALL = new Set(prices.keys());

test('pools per chain: four Uniswap v3 tiers and SushiSwap per pair, Curve\'s 3pool; none on a testnet', () => {
  const ethereum = poolsOn('ethereum', ALL);
  assert.is(ethereum.length, 8 * 5 + 1);
  assert.ok(ethereum.some((pool) => pool.id === 'ethereum:uniswap_v3:USDC-WETH:500'));
  assert.ok(ethereum.some((pool) => pool.id === 'ethereum:curve:DAI-USDC-USDT:100'));
  assert.is(poolsOn('base-sepolia', new Set(['USDC'])).length, 0);
  assert.ok(poolsOn('polygon', ALL).every((pool) => pool.depthUsd * 100n <= poolsOn('ethereum', ALL).find((one) => one.id.replace('ethereum', 'polygon') === pool.id)!.depthUsd * 15n));
});

test('seeded reserves split the depth equally in value at the feed\'s prices', () => {
  const spec = poolsOn('ethereum', ALL).find((pool) => pool.id === 'ethereum:sushiswap:USDC-WETH:3000')!;
  const [usdc, weth] = seededReserves(spec, prices);
  assert.is(usdc, 10_000_000n * 10n ** 6n); // $20M deep: $10M of USDC
  assert.is(weth, (10_000_000n * 10n ** 18n) / 3400n);
});

test('the arbitrage share compounds per whole interval and is capped', () => {
  assert.is(closedShare(59_999, 60_000, 500_000n), 0n);
  assert.is(closedShare(60_000, 60_000, 500_000n), 500_000n);
  assert.is(closedShare(120_000, 60_000, 500_000n), 750_000n);
  assert.is(closedShare(-5, 60_000, 500_000n), 0n);
  assert.is(closedShare(10 ** 12, 60_000, 500_000n), 1_000_000n);
});

test('drift keeps x·y and moves the pool price the share of the way to the feed', () => {
  const spec = poolsOn('ethereum', ALL).find((pool) => pool.id === 'ethereum:sushiswap:USDC-WETH:3000')!;
  // A pool pushed off the feed: WETH at 3,000 USDC instead of 3,400.
  const reserves = [3_000_000n * 10n ** 6n, 1_000n * 10n ** 18n];
  const k = reserves[0]! * reserves[1]!;
  const price = (r: readonly bigint[]) => Number((r[0]! * 10n ** 12n * 1_000_000n) / r[1]!) / 1_000_000;
  assert.equal(driftConstantProduct(reserves, spec, prices, 0n), reserves);
  // The pool's price as y/x (WETH per USDC) moves halfway: 1/3000 → 1/3400 passes 1/3187.5.
  const half = driftConstantProduct(reserves, spec, prices, 500_000n);
  assert.ok(Math.abs(price(half) - 3_187.5) < 0.01, String(price(half)));
  const whole = driftConstantProduct(reserves, spec, prices, 1_000_000n);
  assert.ok(Math.abs(price(whole) - 3_400) < 0.01, String(price(whole)));
  const kAfter = whole[0]! * whole[1]!;
  assert.ok(kAfter <= k && (k - kAfter) * 10n ** 12n < k, 'x·y kept up to rounding');
});

test('a StableSwap pool drifts to its balanced point, D kept to rounding', () => {
  const xp = [1_200_000n * 10n ** 18n, 900_000n * 10n ** 18n, 900_000n * 10n ** 18n];
  const d = invariantD(xp, 2_000n);
  const balanced = driftStable(xp, 2_000n, 1_000_000n);
  assert.ok(balanced.every((x) => x === balanced[0]));
  const dAfter = invariantD(balanced, 2_000n);
  assert.ok((d > dAfter ? d - dAfter : dAfter - d) * 10n ** 9n < d);
});

test.run();
