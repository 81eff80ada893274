import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { wholeNumber } from './query.js';

test('digits only, within the range', () => {
  const schema = wholeNumber(1, 100);
  assert.is(schema.parse('20'), 20);
  assert.is(schema.parse('007'), 7);
  for (const bad of ['1e1', '0x10', ' 7', '7 ', '', '-1', '1.0', '+5', '0', '101', 'ten']) {
    assert.not.ok(schema.safeParse(bad).success, bad);
  }
});

test('described to OpenAPI as an integer with its bounds', () => {
  const json = z.toJSONSchema(wholeNumber(1, 100), { io: 'input', target: 'openapi-3.0' }) as Record<string, unknown>;
  assert.equal([json.type, json.minimum, json.maximum], ['integer', 1, 100]);
});

test.run();
