import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { frozenJsonCopy, jsonCopy } from './json-copy.js';

const throughJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) as string);

/** Same keys in the same order, same values, same prototypes: what JSON.parse would have built. */
function assertSameAsJson(value: unknown): void {
  const expected = throughJson(value);
  for (const copy of [jsonCopy(value), frozenJsonCopy(value)]) {
    assert.equal(JSON.stringify(copy), JSON.stringify(expected));
    assert.equal(copy, expected);
    assert.ok(sameShape(copy, expected), `shape of ${JSON.stringify(expected)}`);
  }
}

function sameShape(a: unknown, b: unknown): boolean {
  if (a === null || typeof a !== 'object') return Object.is(a, b);
  if (b === null || typeof b !== 'object' || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keys = Object.keys(a);
  if (keys.join('\u0000') !== Object.keys(b).join('\u0000')) return false;
  return keys.every((key) => sameShape((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

test('plain data comes back as JSON.parse(JSON.stringify(value)) would give it', () => {
  const cases: unknown[] = [
    { a: 1, b: 'two', c: null, d: true, e: [1, 'x', null, { f: false }], g: {} },
    { amount: '1.00', chain: null, nested: { deeper: { deepest: ['a', ['b']] } } },
    { b: 1, a: 2, 10: 'ten', 2: 'two', '-1': 'minus' },
    [],
    'text',
    0,
    -0,
    12.5,
    false,
    null,
    { lone: '\ud800', emoji: '😀', quote: '"\\\n' },
  ];
  for (const value of cases) assertSameAsJson(value);
});

test('what JSON drops, nulls or rewrites is dropped, nulled or rewritten the same way', () => {
  const cases: unknown[] = [
    { gone: undefined, kept: 1, symbol: Symbol('s'), fn: () => 1 },
    [undefined, Symbol('s'), () => 1, NaN, Infinity, -Infinity, -0],
    // eslint-disable-next-line no-sparse-arrays
    [1, , 3],
    { at: new Date(0), nested: { at: new Date(1_000) } },
    { map: new Map([[1, 2]]), set: new Set([1]), boxed: new Number(3), text: new String('s') },
    { custom: { toJSON: () => ({ replaced: true }) } },
    Object.assign(Object.create(null) as object, { bare: 1 }),
    JSON.parse('{"__proto__": {"polluted": true}, "x": 1}'),
    new (class Point {
      x = 1;
      y = 2;
    })(),
  ];
  for (const value of cases) assertSameAsJson(value);
  const prototypeKey = jsonCopy(JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>);
  assert.is(Object.getPrototypeOf(prototypeKey), Object.prototype);
  assert.ok(Object.hasOwn(prototypeKey, '__proto__'));
});

test('what JSON refuses is refused: bigint anywhere, undefined at the top, cycles', () => {
  assert.throws(() => jsonCopy({ amount: 1n }), (error: unknown) => error instanceof TypeError);
  assert.throws(() => jsonCopy([[1n]]), (error: unknown) => error instanceof TypeError);
  assert.throws(() => jsonCopy(undefined), /not JSON-serialisable/);
  assert.throws(() => jsonCopy(() => 1), /not JSON-serialisable/);
  const cycle: Record<string, unknown> = { a: 1 };
  cycle.self = cycle;
  assert.throws(() => frozenJsonCopy(cycle), (error: unknown) => error instanceof TypeError);
});

test('a very deep value is still copied (through JSON)', () => {
  let deep: unknown = 'leaf';
  for (let depth = 0; depth < 200; depth += 1) deep = { depth, deep };
  assertSameAsJson(deep);
});

test('the copy shares nothing with the value; the frozen copy is frozen all the way down', () => {
  const value = { list: [{ a: 1 }], inner: { b: 2 } };
  const copy = jsonCopy(value);
  assert.is.not(copy.list, value.list);
  assert.is.not(copy.inner, value.inner);
  assert.not.ok(Object.isFrozen(copy));
  value.inner.b = 3;
  assert.is(copy.inner.b, 2);

  const frozen = frozenJsonCopy(value);
  for (const part of [frozen, frozen.list, frozen.list[0], frozen.inner]) assert.ok(Object.isFrozen(part));
  const withDate = frozenJsonCopy({ at: new Date(0), list: [1] });
  assert.ok(Object.isFrozen(withDate) && Object.isFrozen(withDate.list));
});

test.run();
