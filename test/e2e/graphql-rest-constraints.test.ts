import { readFile } from 'node:fs/promises';
import { buildClientSchema, getIntrospectionQuery, getNamedType, isEnumType, isInputObjectType, isLeafType, isListType, isNonNullType, type GraphQLField, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fieldOperations } from '../../kernel/boot/field-operations.js';
import { tokenId } from '../../kernel/contract/token.js';
import type { RouteDeclaration } from '../../kernel/contract/route.js';
import { EventStore } from '../../ports/event-store.js';
import type { TestUser } from '../fixtures/boot.js';
import { bootGraphql, gql, type GraphqlKernel } from './graphql-kit.js';

/**
 * GraphQL validates as REST does (issue 19), derived from the OpenAPI
 * document and the GraphQL schema: for every field that runs one operation
 * with a REST route, each constrained input of that route (maxLength,
 * minimum/maximum, pattern, enum, format uuid) that the field takes under the
 * same name (snake_case or camelCase, as an argument or a field of its input
 * object) gets one value breaking that one constraint, over REST and over
 * GraphQL; a required one is left out (unless GraphQL documents a default for
 * it). Both refuse it with the same code at the same JSON pointer (or query
 * parameter; a required input that GraphQL's types require is refused by
 * GraphQL's own validation, before any resolver, with the same code and a
 * location instead), and the event store's head does not move.
 */
let g: GraphqlKernel;
let ada: TestUser;

test.before(async () => {
  g = await bootGraphql({ store: 'memory', rateLimits: false });
  ada = await g.createUser('Ada Constraints');
});
test.after(async () => {
  await g?.close();
});

interface JsonSchema {
  readonly type?: string | string[];
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly format?: string;
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly $ref?: string;
}
interface Refusal {
  readonly code: string;
  readonly source?: { readonly pointer?: string; readonly parameter?: string };
}
type Part = 'path' | 'query' | 'body';
interface Input {
  readonly name: string;
  readonly part: Part;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

const UUID = '0b6c6a1e-5f7e-4c2a-9a51-3c1d2e4f5a6b';
const PREFIX = { v1: '/api/v1', v2: '/api/v2', root: '/api' } as const;

function deref(document: any, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return schema.$ref.split('/').slice(1).reduce((node: any, key) => node?.[key], document);
}

/** The route's inputs as the OpenAPI document describes them: path and query parameters, the body's top-level properties. */
function inputsOf(document: any, operation: any): Input[] {
  const inputs: Input[] = [];
  for (const raw of operation.parameters ?? []) {
    const parameter = deref(document, raw) as any;
    if (parameter.in === 'path' || parameter.in === 'query') inputs.push({ name: parameter.name, part: parameter.in, schema: parameter.schema ?? {}, required: parameter.required === true });
  }
  const body = deref(document, operation.requestBody?.content?.['application/json']?.schema);
  for (const [name, schema] of Object.entries(body?.properties ?? {})) inputs.push({ name, part: 'body', schema: deref(document, schema) ?? {}, required: body?.required?.includes(name) ?? false });
  return inputs;
}

/** A value breaking one constraint of the input, with the constraint's name (undefined: left out); none when GraphQL could not carry it. */
function violations(input: Input, place: Place): { constraint: string; value: string | number | undefined }[] {
  const { schema } = input;
  const graphqlType = place.type;
  const found: { constraint: string; value: string | number | undefined }[] = [];
  // Left out over both APIs (a path parameter cannot be), unless GraphQL documents a default that stands in for it.
  if (input.required && input.part !== 'path' && !/\bdefault\b/i.test(place.description ?? '')) found.push({ constraint: 'required', value: undefined });
  if (graphqlType === 'String' || graphqlType === 'ID') {
    if (schema.format === 'uuid') found.push({ constraint: 'format uuid', value: 'not-a-uuid' });
    if (schema.maxLength !== undefined && schema.maxLength < 10_000) found.push({ constraint: 'maxLength', value: 'x'.repeat(schema.maxLength + 1) });
    if (schema.enum && graphqlType === 'String') found.push({ constraint: 'enum', value: 'not_one_of_them' });
    if (schema.pattern && schema.format !== 'uuid') {
      const pattern = new RegExp(schema.pattern, 'u');
      const value = ['!', ' x', 'x y', '-'].find((candidate) => !pattern.test(candidate));
      if (value !== undefined) found.push({ constraint: 'pattern', value });
    }
  }
  if (graphqlType === 'Int') {
    if (schema.minimum !== undefined && schema.minimum > -(2 ** 31)) found.push({ constraint: 'minimum', value: schema.minimum - 1 });
    if (schema.maximum !== undefined && schema.maximum < 2 ** 31 - 1) found.push({ constraint: 'maximum', value: schema.maximum + 1 });
  }
  return found;
}

/** A GraphQL literal for a required input nobody aims at: valid in GraphQL's types, perhaps refused by the operation (other fields). */
function filler(type: GraphQLInputType): string | undefined {
  if (isNonNullType(type)) return filler(type.ofType);
  if (isListType(type)) return '[]';
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields: string[] = [];
    for (const field of Object.values(type.getFields())) {
      if (!isNonNullType(field.type)) continue;
      const value = filler(field.type);
      if (value === undefined) return undefined;
      fields.push(`${field.name}: ${value}`);
    }
    return `{ ${fields.join(', ')} }`;
  }
  const scalar = getNamedType(type).name;
  const literals: Record<string, string> = { ID: JSON.stringify(UUID), String: '"x"', Int: '1', Float: '1', Boolean: 'false', Date: '"2026-01-02"', DateTime: '"2026-01-02 03:04:05"' };
  return literals[scalar];
}

const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

interface Place {
  readonly arg: string;
  /** The field of the input object `arg` that takes it. */
  readonly inner?: string;
  /** The GraphQL scalar's name. */
  readonly type: string;
  /** GraphQL's types require it: leaving it out is refused before any resolver, where no JSON pointer exists. */
  readonly nonNull: boolean;
  readonly description?: string | null;
}

/** Where the field takes the REST input: an argument, or a field of an input-object argument, named as REST or in camelCase. */
function placeOf(field: GraphQLField<unknown, unknown>, name: string): Place | undefined {
  const names = new Set([name, camel(name)]);
  for (const arg of field.args) {
    const type = getNamedType(arg.type);
    if (names.has(arg.name) && isLeafType(type)) return { arg: arg.name, type: type.name, nonNull: isNonNullType(arg.type), description: arg.description };
    if (isInputObjectType(type)) {
      const inner = Object.values(type.getFields()).find((candidate) => names.has(candidate.name) && isLeafType(getNamedType(candidate.type)));
      if (inner) return { arg: arg.name, inner: inner.name, type: getNamedType(inner.type).name, nonNull: isNonNullType(inner.type), description: inner.description };
    }
  }
  return undefined;
}

/** The field called with `value` at its place (left out when undefined) and every other required input filled. */
function document(kind: 'query' | 'mutation', name: string, field: GraphQLField<unknown, unknown>, place: Place, value: string | number | undefined): string | undefined {
  const literal = JSON.stringify(value);
  const args: string[] = [];
  for (const arg of field.args) {
    if (arg.name === place.arg && place.inner === undefined) {
      if (value !== undefined) args.push(`${arg.name}: ${literal}`);
      continue;
    }
    if (arg.name === place.arg) {
      const type = getNamedType(arg.type);
      if (!isInputObjectType(type)) return undefined;
      const fields = value === undefined ? [] : [`${place.inner}: ${literal}`];
      for (const inner of Object.values(type.getFields())) {
        if (inner.name === place.inner || !isNonNullType(inner.type)) continue;
        const filled = filler(inner.type);
        if (filled === undefined) return undefined;
        fields.push(`${inner.name}: ${filled}`);
      }
      args.push(`${arg.name}: { ${fields.join(', ')} }`);
      continue;
    }
    if (!isNonNullType(arg.type)) continue;
    const filled = filler(arg.type);
    if (filled === undefined) return undefined;
    args.push(`${arg.name}: ${filled}`);
  }
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind} { ${name}${args.length > 0 ? `(${args.join(', ')})` : ''}${selection} }`;
}

function sameSource(refusal: Refusal, input: Input): boolean {
  return input.part === 'body' ? refusal.source?.pointer === `/${input.name}` : refusal.source?.parameter === input.name;
}

/** The REST request sending `value` as the input (nothing when undefined), every path parameter else a well-formed uuid. */
async function restRefusals(route: RouteDeclaration, input: Input, value: string | number | undefined): Promise<{ status: number; refusals: Refusal[] }> {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(input.part === 'path' && input.name === name ? String(value) : UUID));
  const query = input.part === 'query' && value !== undefined ? `?${new URLSearchParams({ [input.name]: String(value) })}` : '';
  const body = route.method === 'GET' ? undefined : input.part === 'body' && value !== undefined ? { [input.name]: value } : {};
  const response = await g.request(route.method, `${PREFIX[route.prefixes[0]!]}${path}${query}`, { key: ada.key, ...(body ? { body } : {}) });
  return { status: response.status, refusals: response.body?.errors ?? [] };
}

function graphqlRefusals(errors: readonly { extensions?: { code?: string; source?: Refusal['source']; errors?: Refusal[] } }[] | undefined): Refusal[] {
  return (errors ?? []).flatMap(({ extensions }) => extensions?.errors ?? (extensions?.code ? [{ code: extensions.code, ...(extensions.source ? { source: extensions.source } : {}) }] : []));
}

test('one value breaking one REST constraint is refused the same way over REST and GraphQL, and changes nothing', async () => {
  const openapi = JSON.parse(await readFile(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
  const schema: GraphQLSchema = buildClientSchema((await gql(g, getIntrospectionQuery(), undefined, ada.key)).body.data);
  const kernel = g.k.kernel;
  const routes = new Map(kernel.routes.map(({ route }) => [tokenId(route.operation), route]));
  const roots = { Query: schema.getQueryType()!.getFields(), Mutation: schema.getMutationType()!.getFields() };
  const events = kernel.get(EventStore);
  const head = await events.head();

  const compared: string[] = [];
  const differing: string[] = [];
  for (const { field: qualified, operations } of await fieldOperations(kernel.graphql)) {
    if (operations.length !== 1) continue;
    const route = routes.get(tokenId(operations[0]!));
    if (!route || route.access === 'operator' || route.access === 'public') continue;
    const [root, name] = qualified.split('.') as ['Query' | 'Mutation', string];
    const field = roots[root][name];
    const openapiPath = `${PREFIX[route.prefixes[0]!]}${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    const operation = openapi.paths[openapiPath]?.[route.method.toLowerCase()];
    if (!field || !operation) continue;
    for (const input of inputsOf(openapi, operation)) {
      const place = placeOf(field, input.name);
      if (!place) continue;
      for (const { constraint, value } of violations(input, place)) {
        const text = document(root === 'Query' ? 'query' : 'mutation', name, field, place, value);
        if (!text) continue;
        const rest = await restRefusals(route, input, value);
        const restRefusal = rest.refusals.find((refusal) => sameSource(refusal, input));
        // REST refused the call before validating (403, a path that is not a uuid yet matched nothing), or took the value: nothing to compare.
        if (rest.status !== 422 || !restRefusal) continue;
        const answer = await gql(g, text, undefined, ada.key);
        const refusals = graphqlRefusals(answer.body.errors);
        const label = `${qualified} ${input.part} ${input.name} (${constraint})`;
        compared.push(label);
        // Left out where GraphQL's types require it, the document itself is refused: the same code, at a location, not a pointer.
        const typeChecked = value === undefined && place.nonNull;
        if (!refusals.some((refusal) => refusal.code === restRefusal.code && (typeChecked || sameSource(refusal, input)))) {
          differing.push(`${label}: REST ${restRefusal.code} at ${JSON.stringify(restRefusal.source)}, GraphQL ${JSON.stringify(refusals)}`);
        }
      }
    }
  }
  assert.equal(differing, [], 'GraphQL refuses what REST refuses, with the same code and pointer');
  assert.ok(compared.length >= 300, `${compared.length} constraints compared`);
  assert.is(await events.head(), head, 'no refused call appended an event');
});

test.run();
