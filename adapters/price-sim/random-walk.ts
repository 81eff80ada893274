/**
 * The simulated price model: an hourly, mean-reverting random walk per
 * asset, in exact integer arithmetic so every platform computes the same
 * prices from the same seed.
 *
 *   p[0]   = base (the configured static price)
 *   p[k]   = p[k−1] × (1 + ε_k − κ × (p[k−1] − base) / base)
 *   ε_k    = uniform in [−σ, +σ], drawn from hash(seed, asset, k)
 *
 * σ (per-hour volatility) and κ (pull back towards base, per hour) are in
 * parts per billion. Prices carry 12 decimals, rounded half-up each step.
 * The hash is a counter-based 32-bit mix (murmur3 finaliser), so the draw for
 * hour k needs no state: the walk is a pure function of (seed, asset, k).
 */
export const PRICE_DECIMALS = 12;
const PRICE_SCALE = 10n ** BigInt(PRICE_DECIMALS);
const BILLION = 1_000_000_000n;

export interface WalkParams {
  /** Per-hour half-range of the step, in ppb. */
  readonly sigmaPpb: bigint;
  /** Per-hour mean reversion, in ppb. */
  readonly kappaPpb: bigint;
}

/** Hourly volatility by asset type; USD is the numéraire and never moves. */
export function defaultParams(assetCode: string, assetType: string): WalkParams {
  if (assetCode === 'USD') return { sigmaPpb: 0n, kappaPpb: 0n };
  if (assetCode === 'USDC') return { sigmaPpb: 50_000n, kappaPpb: 50_000_000n };
  switch (assetType) {
    case 'fiat':
      return { sigmaPpb: 1_500_000n, kappaPpb: 2_000_000n };
    case 'commodity':
      return { sigmaPpb: 3_000_000n, kappaPpb: 1_000_000n };
    case 'crypto':
      return { sigmaPpb: 10_000_000n, kappaPpb: 1_000_000n };
    default:
      return { sigmaPpb: 1_000_000n, kappaPpb: 2_000_000n };
  }
}

function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform draw in [0, 2^32) for step k. */
export function draw(seedHash: number, k: number): number {
  return mix((seedHash ^ mix(k + 0x9e3779b9)) >>> 0);
}

export class RandomWalk {
  readonly #seedHash: number;
  readonly #base: bigint;
  #k = 0;
  #price: bigint;

  /** `base` is the start price as an integer with PRICE_DECIMALS decimals. */
  constructor(seed: string, assetCode: string, base: bigint, private readonly params: WalkParams) {
    this.#seedHash = hash32(`${seed}|${assetCode}`);
    this.#base = base;
    this.#price = base;
  }

  /** Price after `k` hourly steps (k ≤ 0: the base). Walks forward from the last answer, or from 0. */
  at(k: number): bigint {
    if (k <= 0) return this.#base;
    if (k < this.#k) {
      this.#k = 0;
      this.#price = this.#base;
    }
    while (this.#k < k) {
      this.#k += 1;
      this.#price = this.#step(this.#price, this.#k);
    }
    return this.#price;
  }

  #step(price: bigint, k: number): bigint {
    const { sigmaPpb, kappaPpb } = this.params;
    // ε in ppb: map the 32-bit draw onto [−σ, +σ].
    const epsilon = (BigInt(draw(this.#seedHash, k)) * 2n * sigmaPpb) / 0xffffffffn - sigmaPpb;
    const pull = ((price - this.#base) * kappaPpb) / this.#base;
    const factor = BILLION + epsilon - pull;
    const next = (price * factor * 2n + BILLION) / (2n * BILLION);
    // A floor at 1/1000 of the base keeps the walk positive in any case.
    const floor = this.#base / 1000n > 0n ? this.#base / 1000n : 1n;
    return next < floor ? floor : next;
  }
}

export function toScaled(decimal: string): bigint {
  const [whole, fraction = ''] = decimal.split('.');
  // Decimals past PRICE_DECIMALS are cut: base prices are configuration, not money.
  return BigInt(whole! + fraction.padEnd(PRICE_DECIMALS, '0').slice(0, PRICE_DECIMALS));
}

export { PRICE_SCALE };
