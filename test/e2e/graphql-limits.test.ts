import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { getIntrospectionQuery } from 'graphql';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, data, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * The spec's GraphQL limits, each rejected with an error naming it before
 * any resolver runs: depth 10, complexity 200, cost 500, and 30 (guest) /
 * 120 (authenticated) requests per minute.
 */
const test = suite('graphql limits e2e');
let g: GraphqlKernel;
let ada: TestUser;

test.before(async () => {
  g = await bootGraphql({ modules: ['identity', 'core-banking'] });
  ada = await g.createUser('Ada');
});
test.after(async () => {
  await g?.close();
});

const DEEP_TYPE = '__schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }';

test('depth over 10 is refused, naming the limit; introspection alone is exempt by what it selects, never by its name', async () => {
  const deep = await gql(g, `query IntrospectionQuery { me { team_id } ${DEEP_TYPE} }`, undefined, ada.key);
  assert.is(deep.status, 400);
  assert.is(deep.body.errors[0].extensions.code, 'DEPTH_LIMIT_EXCEEDED');
  assert.is(deep.body.errors[0].extensions.limit, 'depth');
  assert.match(deep.body.errors[0].message, /maximum depth of 10/);
  const introspectionOnly = await gql(g, `query Anything { ${DEEP_TYPE} }`, undefined, ada.key);
  assert.is(introspectionOnly.status, 200);
  const standard = await gql(g, getIntrospectionQuery(), undefined);
  assert.is(standard.status, 200);
  assert.ok(standard.body.data.__schema.queryType);
});

test('introspection is bounded in size: every standard introspection query passes, aliases multiplying the answer are refused', async () => {
  const everything = { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true };
  for (const options of [everything, { inputValueDeprecation: true, schemaDescription: true } /* GraphiQL's */]) {
    const standard = await gql(g, getIntrospectionQuery(options));
    assert.is(standard.status, 200);
    assert.ok(standard.body.data.__schema.types.length > 0);
  }
  const aliases = (count: number, text: (i: number) => string): string => Array.from({ length: count }, (_, i) => text(i)).join(' ');
  const multiplying = `{ __schema { ...S } }
    fragment S on __Schema { ${aliases(50, (i) => `t${i}: types { ...X }`)} }
    fragment X on __Type { ${aliases(50, (i) => `f${i}: fields { ...N }`)} }
    fragment N on __Field { ${aliases(50, (i) => `n${i}: name`)} }`;
  const refused = await gql(g, multiplying);
  assert.is(refused.status, 400);
  assert.is(refused.body.errors[0].extensions.limit, 'introspection_complexity');
  assert.match(refused.body.errors[0].message, /maximum introspection complexity of 500/);
});

test('complexity over 200 is refused', async () => {
  const fields = Array.from({ length: 101 }, (_, i) => `m${i}: me { team_id }`).join(' ');
  const response = await gql(g, `{ ${fields} }`, undefined, ada.key);
  assert.is(response.status, 400);
  assert.is(response.body.errors[0].extensions.code, 'COMPLEXITY_LIMIT_EXCEEDED');
  assert.equal([response.body.errors[0].extensions.maximum, response.body.errors[0].extensions.actual], [200, 202]);
  const fine = Array.from({ length: 100 }, (_, i) => `m${i}: me { team_id }`).join(' ');
  assert.is((await gql(g, `{ ${fine} }`, undefined, ada.key)).status, 200);
});

test('fragments spreading each other twice per level are measured once each: 40 levels (2^41 fields) are refused at once, even for a guest', async () => {
  const levels = Array.from({ length: 40 }, (_, i) => `fragment L${i + 1} on Query { ...L${i} ...L${i} }`).join(' ');
  const response = await gql(g, `{ ...L40 } fragment L0 on Query { me { kind } } ${levels}`);
  assert.is(response.status, 400);
  assert.is(response.body.errors[0].extensions.code, 'COMPLEXITY_LIMIT_EXCEEDED');
  assert.is(response.body.errors[0].extensions.actual, 2 ** 41);
});

test('cost over 500 is refused: list sizes multiply (first: 100 accounts × 10 balances each)', async () => {
  const response = await gql(g, '{ accounts(first: 100) { data { balances { asset_code } } } }', undefined, ada.key);
  assert.is(response.status, 400);
  assert.is(response.body.errors[0].extensions.code, 'COST_LIMIT_EXCEEDED');
  assert.match(response.body.errors[0].message, /maximum cost of 500/);
  const viaVariable = await gql(g, 'query($n: Int) { accounts(first: $n) { data { balances { asset_code } } } }', { n: 100 }, ada.key);
  assert.is(viaVariable.body.errors[0].extensions.code, 'COST_LIMIT_EXCEEDED');
  // A variable left out runs with its declared default, so it is measured with it.
  const viaDefault = await gql(g, 'query($n: Int = 100) { accounts(first: $n) { data { balances { asset_code } } } }', undefined, ada.key);
  assert.is(viaDefault.status, 400);
  assert.is(viaDefault.body.errors[0].extensions.code, 'COST_LIMIT_EXCEEDED');
  assert.is((await gql(g, '{ accounts(first: 20) { data { balances { asset_code } } } }', undefined, ada.key)).status, 200);
});

test('a refused mutation never runs: 51 createAccount (10 each) exceed the cost and nothing is created', async () => {
  const before = (await data(g, '{ accounts { paginatorInfo { total } } }', undefined, ada.key)).accounts.paginatorInfo.total;
  const fields = Array.from({ length: 51 }, (_, i) => `a${i}: createAccount(input: {name: "x${i}"}) { id }`).join(' ');
  const response = await gql(g, `mutation { ${fields} }`, undefined, ada.key);
  assert.is(response.body.errors[0].extensions.code, 'COST_LIMIT_EXCEEDED');
  const after = (await data(g, '{ accounts { paginatorInfo { total } } }', undefined, ada.key)).accounts.paginatorInfo.total;
  assert.is(after, before);
});

test('guests get 30 requests per minute per address, then 429 naming the limit; the bucket refills with time', async () => {
  g.k.clock.advance(60_000); // a full bucket, whatever earlier tests spent
  for (let i = 0; i < 30; i++) assert.is((await gql(g, '{ __typename }')).status, 200, `request ${i + 1}`);
  const limited = await gql(g, '{ __typename }');
  assert.is(limited.status, 429);
  assert.is(limited.body.errors[0].extensions.code, 'rate_limited');
  assert.is(limited.body.errors[0].extensions.limit, 'guest_requests_per_minute');
  assert.match(limited.body.errors[0].message, /30 requests per minute/);
  // Keys are counted apart from guests.
  assert.is((await gql(g, '{ me { team_id } }', undefined, ada.key)).status, 200);
  g.k.clock.advance(2_000);
  assert.is((await gql(g, '{ __typename }')).status, 200);
  assert.is((await gql(g, '{ __typename }')).status, 429);
});

test('authenticated callers get 120 requests per minute per key', async () => {
  const bob = await g.createUser('Bob');
  for (let i = 0; i < 120; i++) assert.is((await gql(g, '{ __typename }', undefined, bob.key)).status, 200, `request ${i + 1}`);
  const limited = await gql(g, '{ __typename }', undefined, bob.key);
  assert.is(limited.status, 429);
  assert.is(limited.body.errors[0].extensions.limit, 'authenticated_requests_per_minute');
  assert.ok(Number(limited.headers.get('retry-after')) >= 1);
});

test.run();
