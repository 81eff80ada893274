import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSchema, getVariableValues, parse, type OperationDefinitionNode } from 'graphql';
import { coerceVariables, compileVariableCheck } from './variables.js';

const schema = buildSchema(`
  scalar Date
  enum Side { BUY SELL }
  input Filter { name: String }
  type Query { a(id: ID, s: String, i: Int, f: Float, b: Boolean, l: [Int!], d: Date, e: Side, filter: Filter): String }
`);

function operation(query: string): OperationDefinitionNode {
  return parse(query).definitions[0] as OperationDefinitionNode;
}

const SCALARS = operation('query($id: ID!, $s: String, $i: Int, $f: Float = 1.5, $b: Boolean, $l: [Int!]) { a(id: $id, s: $s, i: $i, f: $f, b: $b, l: $l) }');

test('variables of built-in scalar types: the compiled check takes exactly what graphql-js takes, with the same values', () => {
  const check = compileVariableCheck(schema, SCALARS)!;
  assert.ok(check);
  const inputs: Record<string, unknown>[] = [
    { id: 'acc_1' }, { id: 7 }, { id: 7.5 }, { id: null }, {}, { id: true }, { id: ['x'] },
    { id: 'a', s: 'text' }, { id: 'a', s: 1 }, { id: 'a', s: null },
    { id: 'a', i: 2 ** 31 }, { id: 'a', i: 2 ** 31 - 1 }, { id: 'a', i: 1.5 }, { id: 'a', i: '1' },
    { id: 'a', f: 2 }, { id: 'a', f: '2' }, { id: 'a', f: null },
    { id: 'a', b: false }, { id: 'a', b: 0 },
    { id: 'a', l: [1, 2] }, { id: 'a', l: 3 }, { id: 'a', l: [1, null] }, { id: 'a', l: null }, { id: 'a', l: [[1]] },
  ];
  let taken = 0;
  for (const input of inputs) {
    const reference = getVariableValues(schema, SCALARS.variableDefinitions!, input, { maxErrors: 50 });
    const checked = check(input);
    assert.equal(checked, reference.coerced, JSON.stringify(input));
    if (checked !== undefined) taken += 1;
    const coerced = coerceVariables(schema, SCALARS, input, check);
    assert.equal(coerced.errors?.map((error) => error.message), reference.errors?.map((error) => error.message), JSON.stringify(input));
    if (!coerced.errors) assert.equal(coerced.coerced, reference.coerced, JSON.stringify(input));
  }
  assert.is(taken, 11);
});

test('what the check leaves to graphql-js (a non-null variable with a default) graphql-js decides', () => {
  const withDefault = operation('query($n: Int! = 3) { a(i: $n) }');
  const check = compileVariableCheck(schema, withDefault)!;
  assert.is(check({}), undefined);
  assert.equal(coerceVariables(schema, withDefault, {}, check), { coerced: { n: 3 } });
  assert.equal(coerceVariables(schema, withDefault, { n: 4 }, check), { coerced: { n: 4 } });
  assert.equal(coerceVariables(schema, withDefault, { n: null }, check).errors?.map((error) => error.message), ['Variable "$n" of non-null type "Int!" must not be null.']);
});

test('other variable types have no compiled check: graphql-js coerces them', () => {
  for (const query of ['query($d: Date) { a(d: $d) }', 'query($e: Side) { a(e: $e) }', 'query($x: Filter) { a(filter: $x) }']) {
    assert.is(compileVariableCheck(schema, operation(query)), undefined, query);
  }
  assert.equal(coerceVariables(schema, operation('query($e: Side) { a(e: $e) }'), { e: 'SELL' }, undefined), { coerced: { e: 'SELL' } });
});

test.run();
