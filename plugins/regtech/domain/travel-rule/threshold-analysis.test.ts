import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseRate, parseDecimal } from '../../../../kernel/public.js';
import { analyseThreshold } from './threshold-analysis.js';
import { travelRuleJurisdiction, TRAVEL_RULE_JURISDICTIONS } from './thresholds.js';

/** The default static prices (config/assets.ts): USD per unit. */
const USD_PER: Record<string, string> = { USD: '1', EUR: '1.08', GBP: '1.27', CHF: '1.13', SGD: '0.75', BTC: '65000', USDC: '1' };
const PRECISION: Record<string, number> = { USD: 2, EUR: 2, GBP: 2, CHF: 2, SGD: 2, BTC: 8, USDC: 6 };

function analyse(amount: string, currency: string, jurisdiction: string) {
  const j = travelRuleJurisdiction(jurisdiction)!;
  const parsed = parseDecimal(amount, PRECISION[currency]!);
  if (!parsed.ok) throw new Error(amount);
  return analyseThreshold({ minor: parsed.minor, precision: PRECISION[currency]!, usd: parseRate(USD_PER[currency]!) }, j, parseRate(USD_PER[j.currency]!));
}

test('each jurisdiction: an amount in its own currency exactly at the threshold exceeds it, a cent below does not, a cent above does', () => {
  const cases: Array<[string, string, string, string]> = [
    ['US', 'USD', '3000.00', '2999.99'],
    ['EU', 'EUR', '1000.00', '999.99'],
    ['UK', 'GBP', '1000.00', '999.99'],
    ['SG', 'SGD', '1500.00', '1499.99'],
    ['CH', 'CHF', '1000.00', '999.99'],
  ];
  for (const [code, currency, at, below] of cases) {
    const above = (Number(at) + 0.01).toFixed(2);
    const atResult = analyse(at, currency, code);
    assert.equal([atResult.exceeds_threshold, atResult.full_identification_required], [true, true], `${code} at`);
    assert.is(atResult.threshold_local_amount, at);
    assert.is(atResult.threshold_currency, currency);
    assert.is(atResult.amount_in_threshold_currency, at);
    assert.equal([analyse(below, currency, code).exceeds_threshold, analyse(below, currency, code).full_identification_required], [false, false], `${code} below`);
    assert.is(analyse(above, currency, code).exceeds_threshold, true, `${code} above`);
  }
  assert.equal(TRAVEL_RULE_JURISDICTIONS.map((j) => j.code), ['US', 'EU', 'UK', 'SG', 'CH']);
});

test('currency conversion: the amount in USD, the threshold in USD, and the comparison exact across currencies', () => {
  // EUR 1,000 at 1.08 = USD 1,080: USD 1,080.00 is at the EU threshold, USD 1,079.99 below.
  const at = analyse('1080.00', 'USD', 'EU');
  assert.equal([at.amount_usd, at.threshold_amount, at.exceeds_threshold, at.amount_in_threshold_currency], ['1080.00', '1080.00', true, '1000.00']);
  assert.equal([analyse('1079.99', 'USD', 'EU').exceeds_threshold, analyse('1079.99', 'USD', 'EU').amount_in_threshold_currency], [false, '999.99']);
  // USD 3,000 = EUR 2,777.777…: EUR 2,777.78 exceeds, EUR 2,777.77 does not, though both round to about USD 3,000.
  assert.equal([analyse('2777.78', 'EUR', 'US').exceeds_threshold, analyse('2777.78', 'EUR', 'US').amount_usd], [true, '3000.00']);
  assert.equal([analyse('2777.77', 'EUR', 'US').exceeds_threshold, analyse('2777.77', 'EUR', 'US').amount_usd], [false, '2999.99']);
  // SGD 1,500 at 0.75 = USD 1,125; 0.01730770 BTC at 65,000 = USD 1,125.0005.
  const btc = analyse('0.01730770', 'BTC', 'SG');
  assert.equal([btc.amount_usd, btc.threshold_amount, btc.exceeds_threshold], ['1125.00', '1125.00', true]);
  assert.is(analyse('0.01730769', 'BTC', 'SG').exceeds_threshold, false);
  // GBP into CHF through USD: GBP 889.76 * 1.27 / 1.13 = CHF 999.99…; GBP 889.77 = CHF 1,000.00…
  assert.is(analyse('889.76', 'GBP', 'CH').exceeds_threshold, false);
  assert.is(analyse('889.77', 'GBP', 'CH').exceeds_threshold, true);
  assert.is(analyse('1000.000000', 'USDC', 'UK').amount_in_threshold_currency, '787.40');
});

test('jurisdiction codes: case-insensitive, GB is UK, anything else unknown; every row names its legal source and regulations', () => {
  assert.is(travelRuleJurisdiction('gb')!.code, 'UK');
  assert.is(travelRuleJurisdiction('eu')!.code, 'EU');
  assert.is(travelRuleJurisdiction('XX'), undefined);
  assert.is(travelRuleJurisdiction('DE'), undefined);
  for (const j of TRAVEL_RULE_JURISDICTIONS) {
    assert.ok(j.legalSource.length > 20 && j.regulations.fiat.length > 0 && j.regulations.crypto.length > 0, j.code);
    assert.ok(j.regulations.crypto.some((r) => r.startsWith('FATF Recommendation 16')), j.code);
  }
});

test.run();
