import { isqrt } from './integer-math.js';
import type { PoolSpec } from './pool-catalog.js';
import { invariantD } from './stableswap.js';

const NORMALISED_DECIMALS = 18;
const normalised = (reserves: readonly bigint[], decimals: readonly number[]) => reserves.map((reserve, k) => reserve * 10n ** BigInt(NORMALISED_DECIMALS - decimals[k]!));

/**
 * A pool's invariant, the measure of its liquidity that swaps grow by their
 * fees and the arbitrage model keeps: √(x·y) for a constant-product pool,
 * StableSwap's D (18 decimals) for Curve.
 */
export function poolInvariant(spec: PoolSpec, reserves: readonly bigint[], decimals: readonly number[]): bigint {
  return spec.dex === 'curve' ? invariantD(normalised(reserves, decimals), spec.amplification!) : isqrt(reserves[0]! * reserves[1]!);
}

/**
 * The LP shares outstanding before anyone added liquidity through the
 * service: the seeded reserves belong to outside liquidity providers, who
 * hold as many shares as the pool's invariant, so a share starts at one
 * invariant unit.
 */
export function outstandingShares(spec: PoolSpec, reserves: readonly bigint[], decimals: readonly number[], totalShares: bigint): bigint {
  return totalShares > 0n ? totalShares : poolInvariant(spec, reserves, decimals);
}

export interface Deposit {
  /** Per token, in the spec's order: what the provider pays in (rounded up, so the pool never loses). */
  readonly amounts: readonly bigint[];
  /** Shares minted (rounded down). */
  readonly shares: bigint;
}

/**
 * Adding liquidity in the pool's proportions, as the pools' own add
 * functions do for a balanced deposit: `amount` of token `k` and each other
 * token in the same ratio to its reserve; shares in that ratio of those
 * outstanding.
 */
export function depositFor(reserves: readonly bigint[], totalShares: bigint, k: number, amount: bigint): Deposit {
  const reserve = reserves[k]!;
  const amounts = reserves.map((other, i) => (i === k ? amount : (amount * other + reserve - 1n) / reserve));
  return { amounts, shares: (amount * totalShares) / reserve };
}

/** What `shares` of `totalShares` take out of each reserve, rounded down. */
export function withdrawalFor(reserves: readonly bigint[], totalShares: bigint, shares: bigint): bigint[] {
  return reserves.map((reserve) => (reserve * shares) / totalShares);
}

/**
 * Fee income of a position since it opened, per token in the spec's order:
 * what its shares' growth in invariant per share is worth at the pool's
 * reserves now (invariant units × reserve / invariant). Prices moving the
 * reserves (impermanent loss) leave the invariant alone, so they do not count.
 */
export function feeIncome(shares: bigint, invariantPerShareAtOpen: bigint, invariantNow: bigint, totalSharesNow: bigint, reserves: readonly bigint[]): bigint[] {
  const perShareNow = (invariantNow * SCALE) / totalSharesNow;
  const grown = perShareNow > invariantPerShareAtOpen ? ((perShareNow - invariantPerShareAtOpen) * shares) / SCALE : 0n;
  return reserves.map((reserve) => (invariantNow === 0n ? 0n : (grown * reserve) / invariantNow));
}

/** Invariant per share with 18 extra decimals. */
export const SCALE = 10n ** 18n;
