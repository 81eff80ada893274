import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSchema } from 'graphql';
import { OperationPreparer } from './execute.js';

const schema = buildSchema(`
  type Query { me: Me, accounts(first: Int): Page }
  type Me { kind: String }
  type Page { data: [Account!]! }
  type Account { id: ID, balances: [Balance!]! }
  type Balance { asset_code: String }
`);

function refusal(query: string, variables: Record<string, unknown> = {}) {
  const prepared = new OperationPreparer(schema).prepare(query, undefined, variables);
  return prepared.ok ? undefined : prepared.errors[0]?.extensions;
}

test('a variable left out is measured at its declared default, as execution will run it', () => {
  const query = 'query($f: Int = 100) { accounts(first: $f) { data { id balances { asset_code } } } }';
  assert.equal(refusal(query), { code: 'COST_LIMIT_EXCEEDED', limit: 'cost', maximum: 500, actual: 1101 });
  assert.is(refusal(query, { f: 5 }), undefined);
});

test('variables execution would refuse are refused here, before measuring', () => {
  assert.ok(refusal('query($f: Int) { accounts(first: $f) { data { id } } }', { f: 'many' }));
});

/** 2.6 KB that once answered hundreds of MB: 50 aliases of a list, in each of them 50 more, 50 names in each. */
function multiplyingIntrospection(): string {
  const aliases = (count: number, text: (i: number) => string): string => Array.from({ length: count }, (_, i) => text(i)).join(' ');
  return `{ __schema { ...S } }
    fragment S on __Schema { ${aliases(50, (i) => `t${i}: types { ...X }`)} }
    fragment X on __Type { ${aliases(50, (i) => `f${i}: fields { ...N }`)} }
    fragment N on __Field { ${aliases(50, (i) => `n${i}: name`)} }`;
}

test('introspection is exempt from depth, not from size: aliases multiplying the answer are refused, naming the limit', () => {
  assert.equal(refusal(multiplyingIntrospection()), { code: 'COMPLEXITY_LIMIT_EXCEEDED', limit: 'introspection_complexity', maximum: 500, actual: 127_551 });
});

test.run();
