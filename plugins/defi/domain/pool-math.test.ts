import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { afterSwap, amountIn, amountOut } from './constant-product.js';
import { isqrt } from './integer-math.js';
import { balanceY, exchange, invariantD, STABLE_FEE_DENOMINATOR } from './stableswap.js';

const E18 = 10n ** 18n;

test('isqrt is the floor square root, exact far past 2^53', () => {
  for (const [n, root] of [[0n, 0n], [1n, 1n], [3n, 1n], [4n, 2n], [99n, 9n], [10n ** 36n, 10n ** 18n], [10n ** 36n - 1n, 10n ** 18n - 1n]] as const) assert.is(isqrt(n), root, String(n));
  // Roots far past 2^53, where a float's estimate can start below the root: each must come back at once and exact.
  for (const big of [2n ** 200n + 12_345n, (10n ** 30n + 7n) ** 2n - 1n, 10n ** 60n + 10n ** 45n, 2n ** 511n - 1n, 3n ** 300n]) {
    const root = isqrt(big);
    assert.ok(root * root <= big && (root + 1n) * (root + 1n) > big, String(big));
  }
});

test('constant product: the Uniswap v2 formula at 0.30 %, floored', () => {
  // 1000 in against 10000/10000: 1000·997·10000 / (10000·1000 + 1000·997) = 906.6…
  assert.is(amountOut(1_000n, { reserveIn: 10_000n, reserveOut: 10_000n }, 3_000n), 906n);
  // 1 ETH into 100 ETH / 200,000 USDC (6 decimals).
  const reserves = { reserveIn: 100n * E18, reserveOut: 200_000n * 10n ** 6n };
  const out = amountOut(E18, reserves, 3_000n);
  assert.is(out, (E18 * 997n * reserves.reserveOut) / (reserves.reserveIn * 1000n + E18 * 997n));
  assert.is(out, 1_974_316_068n); // 1,974.316068 USDC: 1.3 % under the 2,000 mid price (fee and impact)
  assert.is(amountOut(0n, reserves, 3_000n), 0n);
});

test('constant product: amountIn inverts amountOut, and a swap grows x·y by the fee', () => {
  const reserves = { reserveIn: 5_000_000n, reserveOut: 7_000_000n };
  const needed = amountIn(123_456n, reserves, 500n)!;
  assert.ok(amountOut(needed, reserves, 500n) >= 123_456n);
  assert.ok(amountOut(needed - 1n, reserves, 500n) < 123_456n);
  assert.is(amountIn(7_000_000n, reserves, 500n), undefined, 'never the whole reserve');
  const after = afterSwap(needed, 123_456n, reserves);
  assert.ok(after.reserveIn * after.reserveOut > reserves.reserveIn * reserves.reserveOut);
  const feeless = amountOut(1_000_000n, reserves, 0n);
  const withTier = amountOut(1_000_000n, reserves, 10_000n);
  assert.ok(withTier < feeless);
});

test('StableSwap: D of a balanced pool is the sum, and D satisfies the invariant equation', () => {
  const balanced = [1_000_000n * E18, 1_000_000n * E18, 1_000_000n * E18];
  const d = invariantD(balanced, 2_000n);
  assert.ok(d >= 3_000_000n * E18 - 3n && d <= 3_000_000n * E18 + 3n, String(d));
  const skewed = [1_500_000n * E18, 800_000n * E18, 700_000n * E18];
  const amp = 200n;
  const dSkewed = invariantD(skewed, amp);
  // The whitepaper's A·nⁿ·S + D = A·D·nⁿ + Dⁿ⁺¹/(nⁿ·P), with the contracts' A (= the paper's A·nⁿ⁻¹, so A·nⁿ becomes amp·n), to 12 digits.
  const n = 3n;
  const nn = n ** n;
  const sum = skewed.reduce((a, b) => a + b, 0n);
  const product = skewed.reduce((a, b) => a * b, 1n);
  const left = amp * n * sum + dSkewed;
  const right = amp * n * dSkewed + dSkewed ** (n + 1n) / (nn * product);
  const diff = left > right ? left - right : right - left;
  assert.ok(diff * 10n ** 12n < left, `relative error ${Number(diff) / Number(left)}`);
  assert.ok(dSkewed < sum, 'an unbalanced pool is worth less than the sum of its coins');
});

test('StableSwap: near 1:1 with tiny impact when balanced; impact grows with size; D never falls', () => {
  const xp = [10_000_000n * E18, 10_000_000n * E18, 10_000_000n * E18];
  const fee = 1_000_000n; // 1 bp in units of 1e-10
  const small = exchange(0, 1, 1_000n * E18, xp, 2_000n, fee);
  assert.ok(small.dy > 999n * E18 && small.dy < 1_000n * E18, String(small.dy));
  assert.is(small.fee, ((small.dy + small.fee) * fee) / STABLE_FEE_DENOMINATOR);
  const large = exchange(0, 1, 5_000_000n * E18, xp, 2_000n, fee);
  const impact = (trade: { dy: bigint }, dx: bigint) => Number(((dx - trade.dy) * 10n ** 9n) / dx) / 1e9;
  assert.ok(impact(large, 5_000_000n * E18) > impact(small, 1_000n * E18) * 2, 'impact grows with size');
  const lowAmplification = exchange(0, 1, 5_000_000n * E18, xp, 50n, fee);
  assert.ok(lowAmplification.dy < large.dy, 'a lower A bends the curve sooner');
  const before = invariantD(xp, 2_000n);
  const after = [xp[0]! + 1_000n * E18, xp[1]! - small.dy, xp[2]!];
  assert.ok(invariantD(after, 2_000n) >= before);
  assert.equal(balanceY(0, 1, xp[0]!, xp, 2_000n) <= xp[1]! + 1n, true);
});

test.run();
