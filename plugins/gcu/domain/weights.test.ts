import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../kernel/errors/errors.js';
import { DEFAULT_GCU_WEIGHTS, formatWeight, parseComposition, parseWeight, sumWeights, WEIGHT_SCALE } from './weights.js';

const known = (code: string) => ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU'].includes(code);

test('weights are exact ppm: parse and format round-trip', () => {
  assert.is(parseWeight('0.40'), 400_000n);
  assert.is(parseWeight('0.000001'), 1n);
  assert.is(parseWeight('1'), WEIGHT_SCALE);
  assert.is(parseWeight('1.0000001'), undefined);
  assert.is(parseWeight('1.5'), undefined);
  assert.is(parseWeight('.4'), undefined);
  assert.is(parseWeight('0.4e1'), undefined);
  assert.is(formatWeight(400_000n), '0.4');
  assert.is(formatWeight(25n), '0.000025');
  assert.is(formatWeight(WEIGHT_SCALE), '1');
});

test('the default GCU basket sums to exactly one', () => {
  assert.is(sumWeights(DEFAULT_GCU_WEIGHTS), WEIGHT_SCALE);
  assert.equal([...DEFAULT_GCU_WEIGHTS.keys()], ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'XAU']);
});

test('a composition must sum to exactly 1 (no float tolerance) with known assets and positive weights', () => {
  const thirds = { USD: '0.333333', EUR: '0.333333', GBP: '0.333334' };
  assert.is(sumWeights(parseComposition(thirds, '/c', known)), WEIGHT_SCALE);
  const cases: [unknown, string, string][] = [
    [{ USD: '0.333333', EUR: '0.333333', GBP: '0.333333' }, '/c', 'weights_do_not_sum_to_one'],
    [{ USD: '0.5', BTC: '0.5' }, '/c/BTC', 'invalid_composition'],
    [{ USD: '1', EUR: '0' }, '/c/EUR', 'invalid_weight'],
    [{ USD: 1 }, '/c/USD', 'invalid_weight'],
    [{}, '/c', 'invalid_composition'],
    [['USD'], '/c', 'invalid_composition'],
  ];
  for (const [value, pointer, code] of cases) {
    try {
      parseComposition(value, '/c', known);
      assert.unreachable(JSON.stringify(value));
    } catch (error) {
      assert.instance(error, ValidationError);
      assert.is((error as ValidationError).issues[0]!.pointer, pointer, JSON.stringify(value));
      assert.is((error as ValidationError).issues[0]!.code, code);
    }
  }
});

test.run();
