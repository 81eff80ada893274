import { inject, injectable } from 'inversify';
import { PriceFeed, type PriceQuote, type Rate, type Tx } from '../../../kernel/public.js';
import { floorToHour, HOUR_MS } from '../domain/calendar.js';
import { GcuConfig } from '../config.js';
import { GcuRepository, type BasketRecord, type PricePoint } from '../ports.js';

/** A feed that can also tell the price at a past time (the simulator can). */
interface HistoricalFeed extends PriceFeed {
  usdPriceAt(assetCode: string, at: Date): Promise<PriceQuote>;
}

function isHistorical(feed: PriceFeed): feed is HistoricalFeed {
  return typeof (feed as Partial<HistoricalFeed>).usdPriceAt === 'function';
}

/**
 * Records one price point per component per whole hour into the store, the
 * source of value history and of the 24h/7d/30d changes. With a feed that can
 * answer for past times, missed hours (the service was down, or a test moved
 * the clock a month) are backfilled exactly, up to max_backfill_hours; with
 * any other feed only the current hour is recorded and gaps stay gaps.
 */
@injectable()
export class PriceRecorder {
  constructor(
    @inject(PriceFeed) private readonly feed: PriceFeed,
    @inject(GcuRepository) private readonly repo: GcuRepository,
    @inject(GcuConfig) private readonly config: GcuConfig,
  ) {}

  async record(tx: Tx, basket: BasketRecord, now: Date, backfill = true): Promise<number> {
    const hour = floorToHour(now);
    const last = await this.repo.lastPriceAt(tx);
    if (last && last >= hour) return 0;
    const hours: Date[] = [];
    if (backfill && isHistorical(this.feed)) {
      const first = last ? last.getTime() + HOUR_MS : hour.getTime();
      const start = Math.max(first, hour.getTime() - (this.config.max_backfill_hours - 1) * HOUR_MS);
      for (let t = start; t <= hour.getTime(); t += HOUR_MS) hours.push(new Date(t));
    } else {
      hours.push(hour);
    }
    const points: PricePoint[] = [];
    for (const at of hours) {
      for (const code of basket.quantities.keys()) points.push({ assetCode: code, at, usd: await this.#price(code, at) });
    }
    await this.repo.recordPrices(tx, points);
    return points.length;
  }

  async #price(code: string, at: Date): Promise<Rate> {
    return (isHistorical(this.feed) ? await this.feed.usdPriceAt(code, at) : await this.feed.usdPrice(code)).usd;
  }
}
