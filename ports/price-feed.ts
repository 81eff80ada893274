import type { Rate } from '../kernel/money/rate.js';
import { token } from '../kernel/contract/token.js';

export interface PriceQuote {
  readonly assetCode: string;
  /** USD per one whole unit of the asset, exact. */
  readonly usd: Rate;
  readonly at: Date;
}

/** Prices in USD; adapters: static config rates, seeded simulator, real feeds. */
export interface PriceFeed {
  usdPrice(assetCode: string): Promise<PriceQuote>;
}
export const PriceFeed = token<PriceFeed>('kernel.price-feed');
