import type { Rate } from '../../../kernel/public.js';
import { isqrt } from './integer-math.js';
import type { PoolSpec } from './pool-catalog.js';
import { invariantD } from './stableswap.js';

/** A pool's reserves, in base units in the order of its spec's tokens, and when they were last written. */
export interface PoolState {
  readonly spec: PoolSpec;
  readonly reserves: readonly bigint[];
  readonly updatedAt: Date;
}

/** What the model needs of a token: its decimals and its USD price now. */
export interface TokenPrice {
  readonly decimals: number;
  readonly usd: Rate;
}

/** Reserves worth depthUsd in total, split equally in value between the tokens at the feed's prices. */
export function seededReserves(spec: PoolSpec, prices: ReadonlyMap<string, TokenPrice>): bigint[] {
  const n = BigInt(spec.tokens.length);
  return spec.tokens.map((token) => {
    const { decimals, usd } = prices.get(token)!;
    return (spec.depthUsd * 10n ** BigInt(decimals) * 10n ** BigInt(usd.scale)) / (n * usd.numerator);
  });
}

/**
 * The arbitrage model: arbitrageurs trade a pool back towards the feed's
 * price, closing `closePpm` millionths of the gap every `intervalMs` (the
 * share compounds: after n intervals 1 − (1 − c)ⁿ of it is closed).
 * Returns that share in millionths for the time since the pool's last write.
 */
export function closedShare(elapsedMs: number, intervalMs: number, closePpm: bigint): bigint {
  const intervals = Math.min(Math.floor(Math.max(0, elapsedMs) / intervalMs), 64);
  let remaining = 1_000_000n;
  for (let i = 0; i < intervals; i++) remaining = (remaining * (1_000_000n - closePpm)) / 1_000_000n;
  return 1_000_000n - remaining;
}

const SCALE = 10n ** 18n;

/**
 * A constant-product pool after arbitrage closed `sharePpm` of the gap to the
 * feed: k = x·y is kept (arbitrage pays no fee in the model) and the price
 * y/x moves that share of the way to the feed's.
 */
export function driftConstantProduct(reserves: readonly bigint[], spec: PoolSpec, prices: ReadonlyMap<string, TokenPrice>, sharePpm: bigint): bigint[] {
  const [x, y] = reserves as [bigint, bigint];
  if (sharePpm === 0n || x === 0n || y === 0n) return [x, y];
  const [a, b] = spec.tokens.map((token) => prices.get(token)!) as [TokenPrice, TokenPrice];
  // y per x in base units, 18 decimals: the pool's now, the feed's target.
  const mid = (y * SCALE) / x;
  const target = (a.usd.numerator * 10n ** BigInt(b.usd.scale + b.decimals) * SCALE) / (b.usd.numerator * 10n ** BigInt(a.usd.scale + a.decimals));
  const next = mid + ((target - mid) * sharePpm) / 1_000_000n;
  const k = x * y;
  return [isqrt((k * SCALE) / next), isqrt((k * next) / SCALE)];
}

/** StableSwap balances (normalised to 18 decimals) moved `sharePpm` of the way to the balanced point of the same D. */
export function driftStable(xp: readonly bigint[], amplification: bigint, sharePpm: bigint): bigint[] {
  if (sharePpm === 0n) return [...xp];
  const balanced = invariantD(xp, amplification) / BigInt(xp.length);
  return xp.map((x) => x + ((balanced - x) * sharePpm) / 1_000_000n);
}
