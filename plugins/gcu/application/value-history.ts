import { inject, injectable } from 'inversify';
import { Clock, UnitOfWork, ValidationError, type Operation } from '../../../kernel/public.js';
import { percentChange, sub, toDecimal, toNumber, USD_DECIMALS } from '../domain/fraction.js';
import { closeOfBuckets, INTERVALS, PERIODS, periodStart, type HistoryInterval, type HistoryPeriod } from '../domain/history.js';
import { BasketBook } from './basket-book.js';
import { totalOf } from './basket-report.js';
import type { ValueHistoryInput, ValueHistoryView } from '../operations.js';
import { Valuation } from './valuation.js';


/**
 * GET /gcu/value-history: the recorded unit values in the period, one per
 * interval bucket (the bucket's closing value), ending with the live value.
 * change is the percent change from the previous bucket (0 for the first).
 */
@injectable()
export class ValueHistoryOperation implements Operation<ValueHistoryInput, ValueHistoryView> {
  constructor(
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(BasketBook) private readonly book: BasketBook,
    @inject(Valuation) private readonly valuation: Valuation,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  execute(input: ValueHistoryInput): Promise<ValueHistoryView> {
    const period = (input.period ?? '30d') as HistoryPeriod;
    const interval = (input.interval ?? 'daily') as HistoryInterval;
    if (!PERIODS.includes(period)) throw new ValidationError([{ parameter: 'period', detail: `period must be one of ${PERIODS.join(', ')}`, code: 'invalid_period' }]);
    if (!INTERVALS.includes(interval)) throw new ValidationError([{ parameter: 'interval', detail: `interval must be one of ${INTERVALS.join(', ')}`, code: 'invalid_interval' }]);
    return this.uow.run(async (tx) => {
      const now = this.clock.now();
      const basket = await this.book.require(tx, this.book.code);
      const samples = await this.valuation.history(tx, basket, periodStart(period, now), now);
      const prices = await this.valuation.currentPrices(basket.quantities.keys());
      if (!samples.length || samples[samples.length - 1]!.at.getTime() !== now.getTime()) samples.push({ at: now, value: totalOf(basket, prices) });
      const buckets = closeOfBuckets(samples, interval);
      const data = buckets.map((bucket, i) => ({
        timestamp: bucket.bucket.toISOString(),
        sampled_at: bucket.sample.at.toISOString(),
        value: toNumber(bucket.sample.value, 6),
        value_decimal: toDecimal(bucket.sample.value, USD_DECIMALS),
        change: i === 0 ? 0 : toNumber(percentChange(bucket.sample.value, buckets[i - 1]!.sample.value), 2),
      }));
      const first = buckets[0]!.sample.value;
      const last = buckets[buckets.length - 1]!.sample.value;
      return {
        basket_code: basket.code,
        period,
        interval,
        start_value: toNumber(first, 6),
        end_value: toNumber(last, 6),
        total_change: toNumber(sub(last, first), 6),
        total_change_percent: toNumber(percentChange(last, first), 2),
        points: data,
      };
    });
  }
}
