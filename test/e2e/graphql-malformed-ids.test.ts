import { buildClientSchema, getIntrospectionQuery, getNamedType, isLeafType, isNonNullType, isScalarType, type GraphQLField } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootGraphql, gql, type GraphqlKernel } from './graphql-kit.js';
import type { TestUser } from '../fixtures/boot.js';

/**
 * Every Query and Mutation root field whose required arguments are scalars,
 * called with a malformed id in each required ID and String argument and each
 * optional ID argument, on a store with
 * uuid columns (PGlite, or PostgreSQL when DATABASE_URL is set): the answer is
 * a client error (validation_failed, not_found, …) or null, never
 * internal_error. A malformed id must be refused before it reaches a store,
 * as in a REST path (GraphQL validates with the route's schemas;
 * adapters/edge/operation-input.ts).
 */
let g: GraphqlKernel;
let ada: TestUser;

test.before(async () => {
  g = await bootGraphql({ store: process.env['DATABASE_URL'] ? 'postgres' : 'pglite', rateLimits: false });
  ada = await g.createUser('Ada Malformed');
});
test.after(async () => {
  await g?.close();
});

const MALFORMED = 'not-an-id';

function call(kind: 'query' | 'mutation', name: string, field: GraphQLField<unknown, unknown>): string | undefined {
  const args: string[] = [];
  for (const arg of field.args) {
    // An optional id (a list's filter, e.g. certificates(user_id)) reaches a store as well.
    if (!isNonNullType(arg.type) && getNamedType(arg.type).name === 'ID') args.push(`${arg.name}: "${MALFORMED}"`);
    if (!isNonNullType(arg.type)) continue;
    const type = getNamedType(arg.type);
    if (!isScalarType(type)) return undefined;
    if (type.name === 'ID' || type.name === 'String') args.push(`${arg.name}: "${MALFORMED}"`);
    else if (type.name === 'Int') args.push(`${arg.name}: 1`);
    else if (type.name === 'Boolean') args.push(`${arg.name}: false`);
    else return undefined;
  }
  if (!field.args.some((arg) => ['ID', 'String'].includes(getNamedType(arg.type).name))) return undefined;
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind} { ${name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
}

test('a malformed id in any scalar argument is a client error, never internal_error', async () => {
  const schema = buildClientSchema((await gql(g, getIntrospectionQuery(), undefined, ada.key)).body.data);
  const calls = [
    ...Object.entries(schema.getQueryType()!.getFields()).map(([name, field]) => call('query', name, field)),
    ...Object.entries(schema.getMutationType()!.getFields()).map(([name, field]) => call('mutation', name, field)),
  ].filter((text): text is string => text !== undefined);
  assert.ok(calls.length > 60, `${calls.length} fields called`);
  const internal: string[] = [];
  for (const text of calls) {
    const answer = await gql(g, text, undefined, ada.key);
    const codes = (answer.body.errors ?? []).map((error: { extensions?: { code?: string } }) => error.extensions?.code);
    if (answer.status >= 500 || codes.includes('internal_error')) internal.push(`${text} → ${answer.status} ${JSON.stringify(answer.body.errors?.[0]?.message)}`);
  }
  assert.equal(internal, []);
});

test.run();
