import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'graphql';
import { literalTextErrors, variableTextErrors } from './storable-input.js';

test('string literals with NUL or an unpaired surrogate are refused where they stand, block strings too', () => {
  const document = parse('query { a(id: "ok") b(id: "x\\u0000") c(input: {name: "😀", note: """\u0000"""}) }');
  const errors = literalTextErrors(document);
  assert.equal(
    errors.map((error) => [error.extensions['code'], error.locations?.[0]?.column]),
    [
      ['invalid_characters', 27],
      ['invalid_characters', 66],
    ],
  );
  assert.equal(literalTextErrors(parse('{ a(id: "\\uD83D\\uDE00") }')), []);
});

test('variable values and keys are refused with a pointer into variables', () => {
  const errors = variableTextErrors({ id: 'a\u0000', input: { list: ['ok', '\ud800'], meta: { 'k\udc00': 1 } } });
  assert.equal(
    errors.map((error) => error.extensions['source']),
    [{ pointer: '/variables/id' }, { pointer: '/variables/input/list/1' }, { pointer: '/variables/input/meta' }],
  );
  assert.equal(variableTextErrors({ id: 'fine', n: 1, nested: { a: [null, true] } }), []);
});

test.run();
