import { RandomWalk, type WalkParams } from '../../../kernel/public.js';

/** One step of the gas walk per minute of chain time. */
export const GAS_STEP_MS = 60_000;

/**
 * Per minute: steps of up to ±3 % with a 5 % pull back to the base price,
 * so a chain's gas price wanders (about ±15 % on a typical day) but never
 * drifts away, as fee markets do between congestion spikes.
 */
const GAS_WALK: WalkParams = { sigmaPpb: 30_000_000n, kappaPpb: 50_000_000n };

/**
 * A chain's gas price as a pure function of (seed, chain, minute since the
 * epoch): every process and restart sees the same price for the same
 * instant, so nothing needs storing. Each instance remembers its last step,
 * so asking for later minutes walks forward only the difference.
 */
export class GasPriceWalk {
  readonly #walk: RandomWalk;

  constructor(
    seed: string,
    chain: string,
    baseWei: bigint,
    private readonly epochMs: number,
  ) {
    this.#walk = new RandomWalk(seed, `gas:${chain}`, baseWei, GAS_WALK);
  }

  at(at: Date): bigint {
    return this.#walk.at(Math.floor((at.getTime() - this.epochMs) / GAS_STEP_MS));
  }
}
