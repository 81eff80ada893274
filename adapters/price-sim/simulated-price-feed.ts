import { NotFoundError } from '../../kernel/errors/errors.js';
import type { Asset } from '../../kernel/money/asset.js';
import type { Clock } from '../../ports/clock.js';
import type { PriceFeed, PriceQuote } from '../../ports/price-feed.js';
import { RandomWalk } from '../../kernel/simulation/random-walk.js';
import { defaultParams, PRICE_DECIMALS, toScaled } from './price-walk.js';

const HOUR_MS = 3_600_000;

export interface SimulatedPriceFeedOptions {
  readonly seed: string;
  /** Hour 0 of every walk; before it prices are the static base. */
  readonly epoch: Date;
  /** Static USD prices: each walk's start and mean. */
  readonly basePrices: Readonly<Record<string, string>>;
  readonly assets: readonly Asset[];
}

/**
 * A deterministic price feed: USD prices follow the seeded random walk of
 * price-walk.ts, one step per hour since `epoch`. The price for a time is a
 * pure function of (seed, asset, hour), so restarts, replicas and tests all
 * see the same prices; the GCU plugin records them in its store as history.
 */
export class SimulatedPriceFeed implements PriceFeed {
  readonly #walks = new Map<string, RandomWalk>();

  constructor(
    private readonly options: SimulatedPriceFeedOptions,
    private readonly clock: Clock,
  ) {
    for (const [code, price] of Object.entries(options.basePrices)) {
      const asset = options.assets.find((a) => a.code === code);
      this.#walks.set(code, new RandomWalk(options.seed, code, toScaled(price), defaultParams(code, asset?.type ?? 'fiat')));
    }
  }

  async usdPrice(assetCode: string): Promise<PriceQuote> {
    return this.usdPriceAt(assetCode, this.clock.now());
  }

  /** The price in force at `at` (the walk's value for the hour holding `at`). */
  async usdPriceAt(assetCode: string, at: Date): Promise<PriceQuote> {
    const walk = this.#walks.get(assetCode);
    if (!walk) throw new NotFoundError('USD price for asset', assetCode);
    const hour = Math.floor((at.getTime() - this.options.epoch.getTime()) / HOUR_MS);
    return { assetCode, usd: { numerator: walk.at(hour), scale: PRICE_DECIMALS }, at };
  }
}
