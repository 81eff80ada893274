import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSchema, getIntrospectionQuery, Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { isIntrospectionOnly, limitError, measure } from './limits.js';

const schema = buildSchema(`
  type Query { me: Me, accounts(first: Int): Page, account(id: ID!): Account }
  type Mutation { createAccount(name: String!): Account }
  type Me { id: ID }
  type Page { data: [Account!]! }
  type Account { id: ID, balances: [Balance!]! }
  type Balance { code: String }
`);

function prepared(text: string): { operation: OperationDefinitionNode; fragments: Map<string, FragmentDefinitionNode> } {
  const document = parse(text);
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION) operation ??= definition;
  }
  return { operation: operation!, fragments };
}

function measured(text: string, variables: Record<string, unknown> = {}) {
  const { operation, fragments } = prepared(text);
  return measure(schema, operation, fragments, variables);
}

test('depth counts nested fields, through fragments', () => {
  assert.is(measured('{ me { id } }').depth, 2);
  assert.is(measured('{ accounts { ...P } } fragment P on Page { data { balances { code } } }').depth, 4);
});

test('complexity counts every selected field', () => {
  assert.is(measured('{ me { id } account(id: 1) { id balances { code } } }').complexity, 6);
});

test('cost multiplies lists by the page size (first, also from variables) or 10', () => {
  assert.is(measured('{ accounts(first: 50) { data { id } } }').cost, 1 + 50);
  assert.is(measured('query($n: Int) { accounts(first: $n) { data { balances { code } } } }', { n: 5 }).cost, 1 + 5 + 50);
  assert.is(measured('{ account(id: 1) { balances { code } } }').cost, 1 + 10);
  assert.is(measured('mutation { createAccount(name: "x") { id } }').cost, 11);
});

/** Each level spreads the one below twice: N levels select 2^(N+1) fields in a document of a few hundred bytes. */
function doubling(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment L${i + 1} on Query { ...L${i} ...L${i} }`).join(' ');
  return `{ ...L${levels} } fragment L0 on Query { me { id } } ${fragments}`;
}

test('fragments spread over and over are measured once each: 40 doublings answer at once, with the exact figures', () => {
  const figures = measured(doubling(40));
  assert.equal(figures, { depth: 2, complexity: 2 ** 41, cost: 2 ** 40 });
  assert.is(limitError(figures, false)?.extensions['limit'], 'complexity');
});

test('figures saturate instead of growing past what a number holds exactly', () => {
  assert.is(measured(doubling(60)).complexity, Number.MAX_SAFE_INTEGER);
});

test('a fragment cycle (refused by validation) cannot make the measure loop', () => {
  assert.is(measured('{ ...A } fragment A on Query { me { id } ...B } fragment B on Query { ...A }').complexity, 2);
});

test('introspection-only is decided by the root selections, not the name', () => {
  const only = prepared('query Named { __schema { types { name } } __typename }');
  assert.ok(isIntrospectionOnly(only.operation, only.fragments));
  const mixed = prepared('query IntrospectionQuery { __schema { types { name } } me { id } }');
  assert.not.ok(isIntrospectionOnly(mixed.operation, mixed.fragments));
});

test('the first broken limit is named in the error', () => {
  assert.is(limitError({ depth: 11, complexity: 1, cost: 1 }, false)?.extensions['limit'], 'depth');
  assert.is(limitError({ depth: 1, complexity: 201, cost: 1 }, false)?.extensions['limit'], 'complexity');
  assert.is(limitError({ depth: 1, complexity: 1, cost: 501 }, false)?.extensions['limit'], 'cost');
  assert.is(limitError({ depth: 10, complexity: 200, cost: 500 }, false), undefined);
});

test('introspection-only operations have their own ceilings, above every standard introspection query and free of depth', () => {
  const everything = { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true };
  for (const options of [{}, everything, { inputValueDeprecation: true, schemaDescription: true } /* GraphiQL's */]) {
    const figures = measured(getIntrospectionQuery(options));
    assert.ok(figures.depth > 10);
    assert.is(limitError(figures, true), undefined);
  }
  assert.is(limitError({ depth: 1, complexity: 501, cost: 1 }, true)?.extensions['limit'], 'introspection_complexity');
  assert.is(limitError({ depth: 1, complexity: 1, cost: 50_001 }, true)?.extensions['limit'], 'introspection_cost');
});

test('introspection lists nested through the type graph cost their product: five levels are refused', () => {
  const level = (inner: string): string => `fields { type { ofType { ofType { ${inner} } } } }`;
  const nested = `{ __schema { types { ${level(level(level(level('name'))))} } } }`;
  assert.is(limitError(measured(nested), true)?.extensions['limit'], 'introspection_cost');
});

test.run();
