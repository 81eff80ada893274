import { inject, injectable } from 'inversify';
import { AssetCatalog, formatMinor, type Rate, type Tx } from '../../../kernel/public.js';
import { DAY_MS } from '../domain/calendar.js';
import { div, fromRate, mul, percentChange, sub, toDecimal, toNumber, USD_DECIMALS, type Fraction } from '../domain/fraction.js';
import { contributionUsd, QUANTITY_SCALE, unitValueUsd } from '../domain/quantities.js';
import { formatWeight, weightNumber } from '../domain/weights.js';
import type { CompositionView } from '../operations.js';
import type { BasketRecord } from '../ports.js';
import { Valuation } from './valuation.js';

/**
 * Builds the composition response (the spec's table, every field computed)
 * and the pieces the basket and GCU views share. Numbers are for display and
 * are rounded from exact fractions; every number has an exact decimal-string
 * twin where money or weights are concerned (weight_decimal,
 * quantity_per_unit, current_price_usd_decimal, unit value strings).
 */
@injectable()
export class BasketReport {
  constructor(
    @inject(Valuation) private readonly valuation: Valuation,
    @inject(AssetCatalog) private readonly assets: AssetCatalog,
  ) {}

  async composition(tx: Tx, basket: BasketRecord, now: Date): Promise<CompositionView> {
    const prices = await this.valuation.currentPrices(basket.quantities.keys());
    const total = totalOf(basket, prices);
    const past = async (days: number) => (await this.valuation.valueAt(tx, basket, new Date(now.getTime() - days * DAY_MS))) ?? total;
    const rows: CompositionView['composition'] = [];
    for (const [code, quantity] of basket.quantities) {
      const asset = this.assets.find(code);
      const price = prices.get(code)!;
      const contribution = contributionUsd(quantity, price);
      rows.push({
        asset_code: code,
        asset_name: asset?.name ?? code,
        asset_type: asset?.type ?? 'unknown',
        weight: weightNumber(basket.weights.get(code) ?? 0n),
        weight_decimal: formatWeight(basket.weights.get(code) ?? 0n),
        quantity_per_unit: toDecimal({ n: quantity, d: QUANTITY_SCALE }, 18),
        current_price_usd: toNumber(fromRate(price), 6),
        current_price_usd_decimal: formatMinor(price.numerator, price.scale),
        value_contribution_usd: toNumber(contribution, 6),
        percentage_of_basket: total.n === 0n ? 0 : toNumber(mul(div(contribution, total), { n: 100n, d: 1n }), 2),
        '24h_change': await this.#assetChange(tx, code, price, now, 1),
        '7d_change': await this.#assetChange(tx, code, price, now, 7),
      });
    }
    return {
      basket_code: basket.code,
      last_updated: now.toISOString(),
      total_value_usd: toNumber(total, 6),
      total_value_usd_decimal: toDecimal(total, USD_DECIMALS),
      composition: rows,
      rebalancing: rebalancingOf(basket),
      performance: {
        ...change(total, await past(1), '24h'),
        ...change(total, await past(7), '7d'),
        ...change(total, await past(30), '30d'),
      } as CompositionView['performance'],
    };
  }

  async #assetChange(tx: Tx, code: string, price: Rate, now: Date, days: number): Promise<number> {
    const before = await this.valuation.priceAtOrBefore(tx, code, new Date(now.getTime() - days * DAY_MS));
    return before ? toNumber(percentChange(fromRate(price), fromRate(before)), 2) : 0;
  }
}

export function totalOf(basket: BasketRecord, prices: ReadonlyMap<string, Rate>): Fraction {
  return unitValueUsd(basket.quantities, prices);
}

export function rebalancingOf(basket: BasketRecord): CompositionView['rebalancing'] {
  return {
    frequency: basket.frequency,
    last_rebalanced: basket.lastRebalanced?.toISOString() ?? null,
    next_rebalance: basket.nextRebalance.toISOString(),
    automatic: true,
  };
}

/** Change of the unit value against its value then (recorded prices at or before then, else the oldest recorded). */
function change(now: Fraction, before: Fraction, label: string): Record<string, number> {
  return {
    [`${label}_change_usd`]: toNumber(sub(now, before), 6),
    [`${label}_change_percent`]: toNumber(percentChange(now, before), 2),
  };
}
