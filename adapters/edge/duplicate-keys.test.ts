import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanJsonText } from './duplicate-keys.js';

const duplicateKeyPointer = (text: string): string | undefined => scanJsonText(text, Infinity).duplicate;

test('finds the first repeated key of one object and points at it', () => {
  assert.is(duplicateKeyPointer('{"a":1,"a":2}'), '/a');
  assert.is(duplicateKeyPointer('{"x":{"b":[1,{"c":1,"c":2}]}}'), '/x/b/1/c');
  assert.is(duplicateKeyPointer('[{"k":1},{"k":2},{"k":3,"k":4}]'), '/2/k');
  assert.is(duplicateKeyPointer('{"a":1,"a":2,"b":{"c":1,"c":2}}'), '/a');
  // Escapes are compared decoded: "\u0061" is "a".
  assert.is(duplicateKeyPointer('{"a":1,"\\u0061":2}'), '/a');
  assert.is(duplicateKeyPointer('{"a/b":1,"a/b":1}'), '/a~1b');
  assert.is(duplicateKeyPointer('{"\\\\":1,"\\\\":2}'), '/\\');
});

test('the same key in different objects, keys inside strings and values equal to keys are not duplicates', () => {
  for (const text of ['{"a":{"a":1},"b":{"a":2}}', '{"a":"a","b":"a"}', '{"s":"{\\"a\\":1,\\"a\\":2}"}', '[1,"a","a"]', '"a"', '{}', '[]', '{"q":"\\\\","r":"\\""}', '{"a\\\\":1,"a":2}']) {
    assert.is(duplicateKeyPointer(text), undefined, text);
  }
});

test('nesting deeper than the limit, counted over arrays and objects alike, brackets inside strings not', () => {
  assert.is(scanJsonText('[[{"a":[1]}]]', 4).deeper, false);
  assert.is(scanJsonText('[[{"a":[[1]]}]]', 4).deeper, true);
  assert.is(scanJsonText('{"a":"[[[[[[","b":{}}', 2).deeper, false);
  assert.is(scanJsonText('[[],[],[],[]]', 2).deeper, false);
  // The earlier member of a repeated key is counted: JSON.parse drops it, so the reader asks the parsed value then.
  assert.equal(scanJsonText('{"a":[[[1]]],"a":1}', 3), { duplicate: '/a', deeper: true });
});

test.run();
