import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../errors/errors.js';
import { parseAmountField } from './amount-field.js';
import type { Asset } from './asset.js';

const USD: Asset = { code: 'USD', name: 'US Dollar', type: 'fiat', precision: 2 };

function refusal(value: unknown): { code: string; source: unknown } {
  try {
    parseAmountField(value, USD, '/amount');
  } catch (error) {
    assert.instance(error, ValidationError);
    const [first] = (error as ValidationError).toObjects();
    return { code: first!.code, source: first!.source };
  }
  throw new Error(`${String(value)} was accepted`);
}

test('an amount at the asset precision becomes minor units', () => {
  assert.is(parseAmountField('100.25', USD, '/amount'), 10025n);
  assert.is(parseAmountField(`${'9'.repeat(30)}.99`, USD, '/amount'), 10n ** 32n - 1n);
});

test('31 or more whole digits is amount_too_large at the field; other malformed amounts are invalid_amount', () => {
  assert.equal(refusal(`1${'0'.repeat(30)}`), { code: 'amount_too_large', source: { pointer: '/amount' } });
  assert.equal(refusal('9'.repeat(80)), { code: 'amount_too_large', source: { pointer: '/amount' } });
  assert.is(refusal('0.00').code, 'invalid_amount');
  assert.is(refusal('1.001').code, 'invalid_amount');
  assert.is(refusal(100).code, 'invalid_amount');
  assert.is(refusal('1e40').code, 'invalid_amount');
});

test.run();
