import { inject, injectable } from 'inversify';
import { PriceFeed, type Rate, type Tx } from '../../../kernel/public.js';
import type { Fraction } from '../domain/fraction.js';
import { unitValueUsd } from '../domain/quantities.js';
import { GcuRepository, type BasketRecord, type BasketVersion, type PricePoint } from '../ports.js';

export interface ValueSample {
  readonly at: Date;
  readonly value: Fraction;
}

/**
 * Values a basket: now from the price feed, in the past from the recorded
 * price points and the basket version in force at each point. Past values
 * are never invented: a point counts only once every component has a
 * recorded price at or before it.
 */
@injectable()
export class Valuation {
  constructor(
    @inject(PriceFeed) private readonly feed: PriceFeed,
    @inject(GcuRepository) private readonly repo: GcuRepository,
  ) {}

  async currentPrices(assets: Iterable<string>): Promise<Map<string, Rate>> {
    const prices = new Map<string, Rate>();
    for (const code of assets) prices.set(code, (await this.feed.usdPrice(code)).usd);
    return prices;
  }

  /** Every recorded value of the basket with from ≤ at ≤ to, oldest first. */
  async history(tx: Tx, basket: BasketRecord, from: Date | null, to: Date): Promise<ValueSample[]> {
    const versions = await this.repo.listVersions(tx, basket.code);
    const assets = new Set<string>();
    for (const version of versions) for (const code of version.quantities.keys()) assets.add(code);
    for (const code of basket.quantities.keys()) assets.add(code);
    const points = await this.repo.prices(tx, [...assets], from, to);
    // The last price of each asset before `from` seeds the carry-forward, so the first sample is complete.
    const seeds: PricePoint[] = [];
    if (from) {
      for (const code of assets) {
        const seed = await this.repo.priceNear(tx, code, from);
        if (seed && seed.at < from) seeds.push({ ...seed, at: new Date(from.getTime() - 1) });
      }
    }
    return samplesFrom([...seeds, ...points], versions, basket).filter((sample) => !from || sample.at >= from);
  }

  /**
   * The unit's value at `at` from recorded prices: each component's price at
   * or before `at` (its oldest if none), with the basket version in force then.
   */
  async valueAt(tx: Tx, basket: BasketRecord, at: Date): Promise<Fraction | undefined> {
    const versions = await this.repo.listVersions(tx, basket.code);
    const quantities = versionAt(versions, at)?.quantities ?? basket.quantities;
    const prices = new Map<string, Rate>();
    for (const code of quantities.keys()) {
      const point = await this.repo.priceNear(tx, code, at);
      if (!point) return undefined;
      prices.set(code, point.usd);
    }
    return unitValueUsd(quantities, prices);
  }

  /** Asset price recorded at or before `at` (the oldest recorded if none), for per-asset changes. */
  async priceAtOrBefore(tx: Tx, assetCode: string, at: Date): Promise<Rate | undefined> {
    return (await this.repo.priceNear(tx, assetCode, at))?.usd;
  }
}

export function samplesFrom(points: readonly PricePoint[], versions: readonly BasketVersion[], basket: BasketRecord): ValueSample[] {
  const known = new Map<string, Rate>();
  const samples: ValueSample[] = [];
  let i = 0;
  while (i < points.length) {
    const at = points[i]!.at;
    while (i < points.length && points[i]!.at.getTime() === at.getTime()) {
      known.set(points[i]!.assetCode, points[i]!.usd);
      i += 1;
    }
    const version = versionAt(versions, at);
    const quantities = version?.quantities ?? basket.quantities;
    if ([...quantities.keys()].every((code) => known.has(code))) samples.push({ at, value: unitValueUsd(quantities, known) });
  }
  return samples;
}

/** The version in force at `at`: the newest that took effect at or before it (the first one before any). */
export function versionAt(versions: readonly BasketVersion[], at: Date): BasketVersion | undefined {
  let found = versions[0];
  for (const version of versions) if (version.effectiveAt <= at) found = version;
  return found;
}
