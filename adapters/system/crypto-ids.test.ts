import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CryptoIds } from './crypto-ids.js';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('ids are version 4 UUIDs in lower case, all different, across several draws of entropy', () => {
  const ids = new CryptoIds();
  const seen = new Set<string>();
  for (let count = 0; count < 2_000; count += 1) {
    const id = ids.uuid();
    assert.match(id, V4);
    seen.add(id);
  }
  assert.is(seen.size, 2_000);
});

test('every hex digit shows up in every free position (the bytes are used, not a constant)', () => {
  const ids = new CryptoIds();
  const digits = Array.from({ length: 36 }, () => new Set<string>());
  for (let count = 0; count < 2_000; count += 1) [...ids.uuid()].forEach((char, position) => digits[position]!.add(char));
  const free = [...Array(36).keys()].filter((position) => ![8, 13, 14, 18, 19, 23].includes(position));
  for (const position of free) assert.is(digits[position]!.size, 16, `position ${position}`);
  assert.equal([...digits[14]!], ['4']);
  assert.equal([...digits[19]!].sort(), ['8', '9', 'a', 'b']);
});

test.run();
