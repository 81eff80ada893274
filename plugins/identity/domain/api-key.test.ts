import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { base62, displayPrefix, formatApiKey, isWellFormedApiKey } from './api-key.js';

test('base62 encodes big-endian bytes and pads to a width', () => {
  assert.is(base62(new Uint8Array([0])), '0');
  assert.is(base62(new Uint8Array([61])), 'z');
  assert.is(base62(new Uint8Array([62])), '10');
  assert.is(base62(new Uint8Array([1, 0])), '48'); // 256 = 4*62 + 8
  assert.is(base62(new Uint8Array([0, 0, 1]), 4), '0001');
});

test('a key is fak_ plus 43 base62 characters, whatever the bytes', () => {
  const zeros = formatApiKey(new Uint8Array(32));
  const ones = formatApiKey(new Uint8Array(32).fill(255));
  assert.is(zeros, 'fak_' + '0'.repeat(43));
  assert.is(ones.length, 47);
  assert.match(ones, /^fak_[0-9A-Za-z]{43}$/);
  assert.ok(isWellFormedApiKey(zeros) && isWellFormedApiKey(ones));
});

test('different bytes give different keys', () => {
  const a = new Uint8Array(32);
  const b = new Uint8Array(32);
  b[31] = 1;
  assert.is.not(formatApiKey(a), formatApiKey(b));
});

test('refuses a wrong number of random bytes', () => {
  assert.throws(() => formatApiKey(new Uint8Array(16)), /32 random bytes/);
});

test('the display prefix is the 8 characters after fak_', () => {
  assert.is(displayPrefix('fak_AbCdEfGh123456789'), 'AbCdEfGh');
});

test('well-formed: fak_, 32 to 260 characters of letters, digits, _ or -', () => {
  assert.ok(isWellFormedApiKey('fak_test_operator_key_0123456789abcdefghij'));
  assert.ok(isWellFormedApiKey('fak_' + 'a'.repeat(28)));
  for (const bad of ['', 'fak_', 'fak_' + 'a'.repeat(27), 'fpk_' + 'a'.repeat(40), 'fak_' + 'a'.repeat(30) + ' ', 'fak_' + 'é'.repeat(30), 'fak_' + 'a'.repeat(257)]) {
    assert.not.ok(isWellFormedApiKey(bad), bad);
  }
});

test.run();
