/**
 * A seeded, mean-reverting random walk in exact integer arithmetic, so every
 * platform computes the same series from the same seed:
 *
 *   v[0]   = base
 *   v[k]   = v[k−1] × (1 + ε_k − κ × (v[k−1] − base) / base)
 *   ε_k    = uniform in [−σ, +σ], drawn from hash(seed, name, k)
 *
 * σ (half-range of a step) and κ (pull back towards base, per step) are in
 * parts per billion; values are integers in whatever unit the caller picks
 * (USD with 12 decimals for prices, wei for gas), rounded half-up each step.
 * The hash is a counter-based 32-bit mix (murmur3 finaliser), so the draw for
 * step k needs no state: the walk is a pure function of (seed, name, k).
 */
const BILLION = 1_000_000_000n;

export interface WalkParams {
  /** Half-range of one step, in ppb. */
  readonly sigmaPpb: bigint;
  /** Mean reversion per step, in ppb. */
  readonly kappaPpb: bigint;
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

  /** `base` is the start value, an integer in the caller's unit. */
  constructor(seed: string, name: string, base: bigint, private readonly params: WalkParams) {
    this.#seedHash = hash32(`${seed}|${name}`);
    this.#base = base;
    this.#price = base;
  }

  /** The value after `k` steps (k ≤ 0: the base). Walks forward from the last answer, or from 0. */
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
