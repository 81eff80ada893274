import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findUnstorableText, isStorableText, printableText } from './storable-text.js';

test('NUL and unpaired surrogates are unstorable; paired surrogates and other control characters are fine', () => {
  for (const text of ['', 'plain', 'tab\tnew\nline', '\u0001\u001f\u007f', 'emoji 😀', '\ud83d\ude00', '\uffff']) assert.ok(isStorableText(text), JSON.stringify(text));
  for (const text of ['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ude00\ud83d', '😀\ud83d']) assert.not.ok(isStorableText(text), JSON.stringify(text));
});

test('finds bad values and keys at any depth, in document order (keys of an object before its values), with their paths', () => {
  const value = JSON.parse('{"name":"ok","metadata":{"a":["fine","x\\u0000"],"k\\ud800":1,"deep":{"n":"\\udfff"}},"list":[{"\\u0000":true}]}');
  assert.equal(findUnstorableText(value), [
    { path: ['metadata'], key: 'k\ud800' },
    { path: ['metadata', 'a', 1] },
    { path: ['metadata', 'deep', 'n'] },
    { path: ['list', 0], key: '\u0000' },
  ]);
  assert.equal(findUnstorableText('\u0000'), [{ path: [] }]);
  assert.equal(findUnstorableText({ a: 1, b: [true, null, 2.5], c: 'fine' }), []);
});

test('printableText replaces what cannot be stored with U+FFFD', () => {
  assert.is(printableText('a\u0000b\ud800c😀'), 'a\ufffdb\ufffdc😀');
});

test('reports at most 20 problems and walks any depth without recursion', () => {
  assert.is(findUnstorableText(Array.from({ length: 1000 }, () => '\u0000')).length, 20);
  let deep: unknown = '\u0000';
  for (let depth = 0; depth < 200_000; depth++) deep = [deep];
  const [found] = findUnstorableText(deep);
  assert.is(found!.path.length, 200_000);
});

test.run();
