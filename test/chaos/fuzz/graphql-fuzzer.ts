import { request } from 'node:http';
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { ChaosRandom } from '../random.js';
import { HOSTILE } from './openapi-fuzzer.js';

/**
 * The GraphQL fuzzer (issue 20): the schema comes from introspection, and
 * every query and mutation field is called with each argument (and each
 * field of an input object argument) replaced by hostile values, while the
 * other arguments hold plausible ones: wrong types, boundary numbers (2^31,
 * 2^53 + 1, ±1e308), huge, unicode and control-character strings, malformed
 * ids, null for a required value, a required input field missing; values go
 * as variables and, for the scalar ones, inline in the document too. Then
 * whole-document attacks: depth and complexity just past their limits,
 * hundreds of aliases, deep inline-fragment nesting, a fragment cycle, a
 * 20,000-deep list variable, batched and malformed bodies.
 *
 * A violation: an answer ≥ 500, a connection closed unanswered, an error
 * whose code is `internal_error` (GraphQL's 5xx-equivalent, the formatter's
 * answer to an unexpected exception), or a refusal (the field answered
 * errors and no data) after which the state probe (the event store's head)
 * moved. Reported per field. `limit` picks that many cases per field,
 * seeded.
 */
export interface GraphqlFuzzTarget {
  readonly baseUrl: string;
  readonly key: string;
  /** Ids that exist for the caller (an account of theirs), so cases get past the 404 into validation. */
  readonly knownId: string;
  probe(): Promise<string>;
}

export interface FieldReport {
  cases: number;
  /** HTTP status, then the first error's code or `data`. */
  outcomes: Record<string, number>;
  internal_errors: number;
  server_errors: number;
  no_answer: number;
  state_changed_on_refusal: number;
  examples: string[];
}

interface Case {
  readonly label: string;
  /** The field the case aims at (`Query.accounts`), or `(document)`. */
  readonly field: string;
  readonly operation: 'query' | 'mutation' | 'document';
  readonly body: Buffer;
  readonly contentType?: string;
}

const BOUNDARY_NUMBERS: readonly unknown[] = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -0, Number.MIN_VALUE];
const MALFORMED_IDS: readonly string[] = ['x', '1', '-1', 'null', 'undefined', '00000000-0000-0000-0000-00000000000g', '00000000-0000-0000-0000-000000000000 ', 'acc_%00', '%2e%2e%2f', '{{id}}', `${'0'.repeat(36)}`];
const VALUES: readonly unknown[] = [...HOSTILE, ...BOUNDARY_NUMBERS, ...MALFORMED_IDS];

/** GraphQL literals that JSON cannot carry: numbers beyond every scalar, escapes, block strings. */
const LITERALS: readonly string[] = ['99999999999999999999999999', '-1e400', '1.7976931348623157e309', '"\\u0000\\uD800"', '"""a\nb"""', '""', 'null', '[[[[[[[[["x"]]]]]]]]]', '{a: {b: {c: 1}}}', 'ENUM_NOT_DEFINED'];

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…(${text.length})` : text;
}

/** A plausible value of an input type, so one argument at a time can be the hostile one. */
function plausible(type: GraphQLInputType, name: string, knownId: string, depth = 0): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, name, knownId, depth);
  if (isListType(type)) return depth > 3 ? [] : [plausible(type.ofType, name, knownId, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return Object.fromEntries(fields.map((field) => [field.name, plausible(field.type, field.name, knownId, depth + 1)]));
  }
  const scalar = getNamedType(type).name;
  if (scalar === 'Int') return 1;
  if (scalar === 'Float') return 1.5;
  if (scalar === 'Boolean') return true;
  if (scalar === 'ID' || /(^id$|_id$|Id$)/.test(name)) return knownId;
  if (/amount|price|limit|value/.test(name)) return '1.00';
  if (/currency|asset|token/.test(name)) return 'USD';
  if (/email/.test(name)) return 'fuzz@example.test';
  if (/chain/.test(name)) return 'polygon';
  if (/pair/.test(name)) return 'BTC/USD';
  if (/url/.test(name)) return 'https://example.test/hook';
  if (/_at$|date|from|to$|since|until/.test(name)) return '2026-01-01T00:00:00Z';
  return 'fuzz';
}

/** The type as a variable declaration writes it. */
function typeName(type: GraphQLInputType): string {
  return String(type);
}

/** A selection that asks for as little as possible: `__typename` of an object, nothing of a leaf. */
function selection(field: GraphQLField<unknown, unknown>): string {
  return isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
}

function document(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, args: readonly GraphQLArgument[], inline: Record<string, string> = {}): string {
  const variables = args.filter((arg) => !(arg.name in inline));
  const declarations = variables.length ? `(${variables.map((arg) => `$${arg.name}: ${typeName(arg.type)}`).join(', ')})` : '';
  const passed = args.map((arg) => `${arg.name}: ${inline[arg.name] ?? `$${arg.name}`}`);
  return `${operation} Fuzz${declarations} { ${field.name}${passed.length ? `(${passed.join(', ')})` : ''}${selection(field)} }`;
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

function fieldCases(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, knownId: string): Case[] {
  const name = `${operation === 'query' ? 'Query' : 'Mutation'}.${field.name}`;
  const args = field.args;
  const valid = Object.fromEntries(args.map((arg) => [arg.name, plausible(arg.type, arg.name, knownId)]));
  const out: Case[] = [];
  const send = (label: string, query: string, variables: Record<string, unknown>) => out.push({ label, field: name, operation, body: json({ query, variables }) });
  const query = document(operation, field, args);
  send('plausible arguments', query, valid);
  for (const arg of args) {
    for (const value of VALUES) send(`${arg.name}=${describe(value)}`, query, { ...valid, [arg.name]: value });
    if (isNonNullType(arg.type)) send(`${arg.name} missing`, query, Object.fromEntries(Object.entries(valid).filter(([key]) => key !== arg.name)));
    if (isScalarType(getNamedType(arg.type)) || isEnumType(getNamedType(arg.type))) {
      for (const literal of LITERALS) {
        send(`${arg.name} inline ${literal.slice(0, 30)}`, document(operation, field, args, { [arg.name]: literal }), Object.fromEntries(Object.entries(valid).filter(([key]) => key !== arg.name)));
      }
    }
    const input = getNamedType(arg.type);
    if (isInputObjectType(input) && !isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type)) {
      const base = (valid[arg.name] ?? {}) as Record<string, unknown>;
      for (const inner of Object.values(input.getFields())) {
        const filled = { ...base, [inner.name]: base[inner.name] ?? plausible(inner.type, inner.name, knownId) };
        for (const value of VALUES) send(`${arg.name}.${inner.name}=${describe(value)}`, query, { ...valid, [arg.name]: { ...filled, [inner.name]: value } });
        if (isNonNullType(inner.type)) send(`${arg.name}.${inner.name} missing`, query, { ...valid, [arg.name]: Object.fromEntries(Object.entries(filled).filter(([key]) => key !== inner.name)) });
      }
      send(`${arg.name} with an unknown field`, query, { ...valid, [arg.name]: { ...base, not_a_field: 1 } });
    }
  }
  return out;
}

/** Attacks on the document itself, near and past the service's limits (docs/graphql.md: depth 10, complexity 200, cost 500). */
function documentCases(schema: GraphQLSchema): Case[] {
  const field = '(document)';
  const make = (label: string, body: Buffer | string, contentType = 'application/json'): Case => ({ label, field, operation: 'document', body: typeof body === 'string' ? Buffer.from(body) : body, contentType });
  const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: __typename`).join(' ')} }`;
  const cheapList = Object.values(schema.getQueryType()?.getFields() ?? {}).find((candidate) => candidate.args.every((arg) => !isNonNullType(arg.type)) && !isLeafType(getNamedType(candidate.type)));
  const listAliases = (count: number) => (cheapList ? `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${cheapList.name} { __typename }`).join(' ')} }` : aliases(count));
  const fragments = (depth: number) => `{ ${'... on Query { '.repeat(depth)}__typename${' }'.repeat(depth)} }`;
  const deepList = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return [
    make('199 aliases of __typename', json({ query: aliases(199) })),
    make('201 aliases of __typename', json({ query: aliases(201) })),
    make('5,000 aliases of __typename', json({ query: aliases(5000) })),
    make(`60 aliases of ${cheapList?.name ?? '__typename'}`, json({ query: listAliases(60) })),
    make('inline fragments nested 9 deep', json({ query: fragments(9) })),
    make('inline fragments nested 11 deep', json({ query: fragments(11) })),
    make('inline fragments nested 5,000 deep', json({ query: fragments(5000) })),
    make('a fragment cycle', json({ query: 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }' })),
    make('introspection nested past its depth', json({ query: `{ __schema { types { ${'fields { type { ofType { '.repeat(12)}name${' } } }'.repeat(12)} } } }` })),
    make('a 20,000-deep list variable', Buffer.from(`{"query":"query ($v: [String]) { __typename }","variables":{"v":${deepList(20_000)}}}`)),
    make('a 5,000-deep object variable', Buffer.from(`{"query":"query ($v: String) { __typename }","variables":{"v":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}}`)),
    make('1,000 directives on a field', json({ query: `{ __typename ${'@include(if: true) '.repeat(1000)}}` })),
    make('10,000 variables declared', json({ query: `query (${Array.from({ length: 10_000 }, (_, i) => `$v${i}: Int`).join(', ')}) { __typename }` })),
    make('a 1 MB string literal', json({ query: `{ __typename(x: "${'x'.repeat(1_000_000)}") }` })),
    make('a 2 MB query', json({ query: `{ __typename }${' '.repeat(2_000_000)}` })),
    make('two operations, no operationName', json({ query: 'query A { __typename } query B { __typename }' })),
    make('an operationName that names nothing', json({ query: 'query A { __typename }', operationName: 'B' })),
    make('a subscription over HTTP', json({ query: 'subscription { __typename }' })),
    make('query not a string', json({ query: { query: '{ __typename }' } })),
    make('variables not an object', json({ query: '{ __typename }', variables: [1, 2] })),
    make('variables a JSON string', json({ query: 'query ($v: Int) { __typename }', variables: '{"v": 1}' })),
    make('a batch (array body)', json([{ query: '{ __typename }' }, { query: '{ __typename }' }])),
    make('an empty body', Buffer.alloc(0)),
    make('malformed JSON', '{"query": "{ __typename }",'),
    make('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x71, 0x75, 0x65, 0x72, 0x79, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    make('text/plain', json({ query: '{ __typename }' }), 'text/plain'),
    make('application/graphql', '{ __typename }', 'application/graphql'),
    make('a NUL and a lone surrogate in the document', json({ query: '{ __typename \u0000 \ud800 }' })),
    make('an unterminated string', json({ query: '{ __typename(x: "abc) }' })),
  ];
}

interface Outcome {
  readonly status: number;
  readonly codes: string[];
  /** The aimed field (or, for a document attack, the document) answered data (not null). */
  readonly data: boolean;
}

function send(target: GraphqlFuzzTarget, item: Case, field: string | undefined): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = request(
      new URL('/api/graphql', target.baseUrl),
      {
        method: 'POST',
        timeout: 30_000,
        headers: { authorization: `Bearer ${target.key}`, 'content-type': item.contentType ?? 'application/json', 'content-length': item.body.length },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          let body: any;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            body = undefined;
          }
          const codes = ((body?.errors ?? []) as any[]).map((error) => String(error?.extensions?.code ?? error?.code ?? 'uncoded'));
          const answered = field === undefined ? body?.data : body?.data?.[field];
          const data = answered !== undefined && answered !== null;
          resolve({ status: incoming.statusCode ?? 0, codes, data });
        });
        incoming.on('error', () => resolve({ status: 0, codes: [], data: false }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy());
    outgoing.on('error', () => resolve({ status: 0, codes: [], data: false }));
    outgoing.end(item.body);
  });
}

/** The schema, as a client sees it: by the standard introspection query. */
export async function introspect(target: GraphqlFuzzTarget): Promise<GraphQLSchema> {
  const answer = await fetch(new URL('/api/graphql', target.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${target.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const body = (await answer.json()) as any;
  if (!body?.data) throw new Error(`introspection answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return buildClientSchema(body.data);
}

/** Fuzzes every query and mutation field of the introspected schema, then the document attacks; `limit` cases per field when set (seeded). */
export async function fuzzGraphql(target: GraphqlFuzzTarget, options: { seed: number; limit?: number }): Promise<Record<string, FieldReport>> {
  const random = new ChaosRandom(options.seed);
  const schema = await introspect(target);
  const groups: Case[][] = [];
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) groups.push(fieldCases(operation, field, target.knownId));
  }
  groups.push(documentCases(schema));
  const reports: Record<string, FieldReport> = {};
  for (let all of groups) {
    if (options.limit !== undefined && all.length > options.limit) {
      const picked: Case[] = [];
      while (picked.length < options.limit) picked.push(all.splice(random.int(all.length), 1)[0]!);
      all = picked;
    }
    for (const item of all) {
      const report = (reports[item.field] ??= { cases: 0, outcomes: {}, internal_errors: 0, server_errors: 0, no_answer: 0, state_changed_on_refusal: 0, examples: [] });
      const fieldName = item.operation === 'document' ? undefined : item.field.split('.')[1];
      const before = await target.probe();
      const outcome = await send(target, item, fieldName);
      report.cases += 1;
      const key = `${outcome.status} ${outcome.codes[0] ?? (outcome.data ? 'data' : 'null')}`;
      report.outcomes[key] = (report.outcomes[key] ?? 0) + 1;
      const example = (what: string) => report.examples.length < 5 && report.examples.push(`${what}: ${item.label}`);
      if (outcome.status === 0) {
        report.no_answer += 1;
        example('no answer');
      } else if (outcome.status >= 500) {
        report.server_errors += 1;
        example(String(outcome.status));
      } else if (outcome.codes.includes('internal_error')) {
        report.internal_errors += 1;
        example('internal_error');
      } else if (outcome.codes.length > 0 && !outcome.data && (await target.probe()) !== before) {
        report.state_changed_on_refusal += 1;
        example(`state changed on ${outcome.codes[0]}`);
      }
    }
  }
  return reports;
}

export function brokenFields(reports: Record<string, FieldReport>): string[] {
  return Object.entries(reports)
    .filter(([, report]) => report.internal_errors + report.server_errors + report.no_answer + report.state_changed_on_refusal > 0)
    .map(([field, report]) => `${field}: ${report.examples.join('; ')}`);
}
