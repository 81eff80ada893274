import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { duplicateKeyPointer } from './duplicate-keys.js';

test('finds the first repeated key of one object and points at it', () => {
  assert.is(duplicateKeyPointer('{"a":1,"a":2}'), '/a');
  assert.is(duplicateKeyPointer('{"x":{"b":[1,{"c":1,"c":2}]}}'), '/x/b/1/c');
  assert.is(duplicateKeyPointer('[{"k":1},{"k":2},{"k":3,"k":4}]'), '/2/k');
  // Escapes are compared decoded: "\u0061" is "a".
  assert.is(duplicateKeyPointer('{"a":1,"\\u0061":2}'), '/a');
  assert.is(duplicateKeyPointer('{"a/b":1,"a/b":1}'), '/a~1b');
});

test('the same key in different objects, keys inside strings and values equal to keys are not duplicates', () => {
  for (const text of ['{"a":{"a":1},"b":{"a":2}}', '{"a":"a","b":"a"}', '{"s":"{\\"a\\":1,\\"a\\":2}"}', '[1,"a","a"]', '"a"', '{}', '[]', '{"q":"\\\\","r":"\\""}']) {
    assert.is(duplicateKeyPointer(text), undefined, text);
  }
});

test.run();
