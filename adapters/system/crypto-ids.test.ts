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

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('time-ordered ids are version 7 UUIDs: the clock in their first 48 bits, all different, later ones sorting after', async () => {
  const ids = new CryptoIds();
  const before = Date.now();
  const first = Array.from({ length: 1_000 }, () => ids.timeOrdered());
  await new Promise((resolve) => setTimeout(resolve, 2));
  const later = ids.timeOrdered();
  for (const id of [...first, later]) assert.match(id, V7);
  assert.is(new Set(first).size, 1_000);
  const ms = parseInt(first[0]!.replace(/-/g, '').slice(0, 12), 16);
  assert.ok(ms >= before && ms <= Date.now(), `${ms} is not the time the id was made`);
  assert.ok(first.every((id) => id < later), 'an id of a later millisecond sorts after every earlier one');
});

test.run();
