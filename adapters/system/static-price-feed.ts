import { NotFoundError } from '../../kernel/errors/errors.js';
import { parseRate, type Rate } from '../../kernel/money/rate.js';
import type { Clock } from '../../ports/clock.js';
import type { PriceFeed, PriceQuote } from '../../ports/price-feed.js';

/** Fixed USD prices from configuration (`usdPrices`); the time is the clock's now. */
export class StaticPriceFeed implements PriceFeed {
  readonly #rates: ReadonlyMap<string, Rate>;

  constructor(
    prices: Readonly<Record<string, string>>,
    private readonly clock: Clock,
  ) {
    this.#rates = new Map(Object.entries(prices).map(([code, price]) => [code, parseRate(price)]));
  }

  async usdPrice(assetCode: string): Promise<PriceQuote> {
    const usd = this.#rates.get(assetCode);
    if (!usd) throw new NotFoundError('USD price for asset', assetCode);
    return { assetCode, usd, at: this.clock.now() };
  }
}
