import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_USD_PRICES } from '../../config/assets.js';
import { parseRate } from '../../kernel/money/rate.js';
import { PriceFeed, type PriceQuote } from '../../ports/price-feed.js';
import { bootTestKernel, type TestKernel, type TestUser } from '../fixtures/boot.js';
import { tick } from './gcu-helpers.js';

/**
 * The composition's figures against prices the test sets: every asset at
 * its static price except EUR, which steps 1.00 → 1.05 (Jan 15) → 1.10
 * (Jan 28) → 1.20 (Jan 30 12:00). The GCU is created on Jan 1 at EUR 1.00,
 * so one unit holds exactly 0.33 EUR, and on Jan 31 every 24h/7d/30d change
 * can be worked out by hand.
 */
const GENESIS = new Date('2026-01-01T00:00:00Z');
const EUR_STEPS: ReadonlyArray<readonly [string, string]> = [
  ['2026-01-30T12:00:00Z', '1.20'],
  ['2026-01-28T00:00:00Z', '1.10'],
  ['2026-01-15T00:00:00Z', '1.05'],
];

/** A feed that can tell past prices, so the recorder backfills every hour from it. */
class SteppedFeed implements PriceFeed {
  constructor(private readonly now: () => Date) {}
  async usdPrice(assetCode: string): Promise<PriceQuote> {
    return this.usdPriceAt(assetCode, this.now());
  }
  async usdPriceAt(assetCode: string, at: Date): Promise<PriceQuote> {
    const step = assetCode === 'EUR' ? EUR_STEPS.find(([from]) => at >= new Date(from)) : undefined;
    const text = assetCode === 'EUR' ? (step?.[1] ?? '1.00') : DEFAULT_USD_PRICES[assetCode];
    if (!text) throw new RangeError(`no price for ${assetCode}`);
    return { assetCode, usd: parseRate(text), at };
  }
}

const test = suite('gcu composition figures against controlled prices');
let k: TestKernel | undefined;
let ada: TestUser;

test.before(async () => {
  k = await bootTestKernel({
    modules: ['identity', 'core-banking', 'gcu'],
    overrides: [[PriceFeed, new SteppedFeed(() => k?.clock.now() ?? GENESIS)]],
    config: { pluginConfig: { gcu: { tick_interval_ms: 0 } } } as any,
  });
  ada = await k.createUser('Ada');
  k.clock.set('2026-01-31T00:00:00Z');
  await tick(k);
});
test.after(async () => {
  await k?.close();
});

const get = async (path: string) => (await k!.request('GET', `/api/v2${path}`, { key: ada.key })).body.data;

test('value, shares and the 24h/7d/30d changes follow the recorded prices exactly', async () => {
  const c = await get('/gcu/composition');
  // Now: 1.10 + 0.33 × (1.20 − 1.00) = 1.166 USD.
  assert.equal([c.total_value_usd, c.total_value_usd_decimal], [1.166, '1.16600000']);
  // 24h ago EUR was 1.10 (unit 1.133), 7d ago 1.05 (1.1165), 30d ago 1.00 (1.10).
  assert.equal(c.performance, {
    '24h_change_usd': 0.033,
    '24h_change_percent': 2.91, // 0.033 / 1.133
    '7d_change_usd': 0.0495,
    '7d_change_percent': 4.43, // 0.0495 / 1.1165
    '30d_change_usd': 0.066,
    '30d_change_percent': 6,
  });
  const eur = c.composition.find((row: any) => row.asset_code === 'EUR');
  assert.equal(
    [eur.quantity_per_unit, eur.current_price_usd, eur.current_price_usd_decimal, eur.value_contribution_usd, eur.percentage_of_basket, eur['24h_change'], eur['7d_change']],
    ['0.330000000000000000', 1.2, '1.20', 0.396, 33.96, 9.09, 14.29],
  );
  const usd = c.composition.find((row: any) => row.asset_code === 'USD');
  assert.equal([usd['24h_change'], usd['7d_change'], usd.percentage_of_basket], [0, 0, 37.74]);
  const jpy = c.composition.find((row: any) => row.asset_code === 'JPY');
  assert.equal([jpy.current_price_usd, jpy.current_price_usd_decimal], [0.0067, '0.0067']);

  const info = await get('/gcu');
  assert.equal([info.statistics['24h_change'], info.statistics['7d_change'], info.statistics['30d_change']], [2.91, 4.43, 6]);
});

test('a rebalancing fixes round quantities at the value shown: 0.4664 USD, not 0.4664 plus the gold rounding residue', async () => {
  const forced = await k!.request('POST', '/api/v2/admin/gcu/rebalance', { key: k!.operatorKey });
  assert.is(forced.status, 200, JSON.stringify(forced.body));
  const c = await get('/gcu/composition');
  const quantity = (code: string) => c.composition.find((row: any) => row.asset_code === code).quantity_per_unit;
  // 0.40 × 1.166 / 1 and 0.30 × 1.166 / 1.20.
  assert.equal([quantity('USD'), quantity('EUR')], ['0.466400000000000000', '0.291500000000000000']);
  assert.is(c.total_value_usd_decimal, '1.16600000', 'the value is continuous across the rebalancing');
  assert.is(c.performance['24h_change_percent'], 2.91, 'past values use the quantities in force then');
});

test.run();
