import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor } from '../../../kernel/public.js';
import { minimumAmount, type CashTerms, type ComponentTerms } from '../domain/exchange-rounding.js';
import { formatWeight, parseWeight } from '../domain/weights.js';
import { GcuConfig } from '../config.js';
import type { BasketRecord } from '../ports.js';
import { Valuation } from './valuation.js';

/** Prices are USD per whole unit, so cash in lieu is paid in USD. */
const CASH_ASSET = 'USD';

/**
 * The terms compose and decompose are priced on: each component's quantity,
 * precision and current USD price, the cash asset and the rounding
 * tolerance. GET /gcu shows the minimum amounts they imply, so a client can
 * tell before it asks.
 */
@injectable()
export class ExchangeTerms {
  readonly tolerancePpm: bigint;

  constructor(
    @inject(Valuation) private readonly valuation: Valuation,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
    @inject(GcuConfig) config: GcuConfig,
  ) {
    this.tolerancePpm = parseWeight(config.max_rounding_cost)!;
  }

  get cash(): CashTerms {
    const asset = this.assets.find(CASH_ASSET);
    if (!asset) throw new Error(`the asset catalogue has no ${CASH_ASSET}, which basket exchanges pay cash in lieu in`);
    return { code: asset.code, precision: asset.precision };
  }

  async of(basket: BasketRecord): Promise<ComponentTerms[]> {
    const prices = await this.valuation.currentPrices(basket.quantities.keys());
    return [...basket.quantities].map(([code, quantity]) => ({ code, quantity, precision: this.assets.find(code)!.precision, price: prices.get(code)! }));
  }

  /** The `exchange` block of GET /gcu. */
  async limits(basket: BasketRecord) {
    const terms = await this.of(basket);
    const precision = this.assets.find(basket.code)!.precision;
    const minimum = (direction: 'compose' | 'decompose') => formatMinor(minimumAmount(direction, precision, terms, this.cash, this.tolerancePpm), precision);
    return {
      max_rounding_cost: formatWeight(this.tolerancePpm),
      minimum_compose: minimum('compose'),
      minimum_decompose: minimum('decompose'),
    };
  }
}
