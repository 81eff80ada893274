import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { route, type Operation } from '../../kernel/contract/route.js';
import { token } from '../../kernel/contract/token.js';
import { TEST_ROUTES } from './http-test-kit.js';
import { buildOpenApi, convert, toOpenApiPath } from './openapi.js';

const test = suite('http: OpenAPI');
const doc: any = buildOpenApi(TEST_ROUTES, { title: 'Test API', version: '1.2.3' });

test('document header, bearer security scheme, tags', () => {
  assert.is(doc.openapi, '3.0.3');
  assert.equal(doc.info, { title: 'Test API', version: '1.2.3' });
  assert.equal(doc.components.securitySchemes.bearerAuth, {
    type: 'http',
    scheme: 'bearer',
    description: doc.components.securitySchemes.bearerAuth.description,
  });
  const tags = doc.tags.map((tag: any) => tag.name);
  for (const tag of ['accounts', 'admin', 'system', 'test', 'things']) assert.ok(tags.includes(tag), tag);
});

test('one operation per prefix, :id as {id}, summaries, descriptions, unique operation ids', () => {
  const v1 = doc.paths['/api/v1/accounts/{id}/deposit'].post;
  const v2 = doc.paths['/api/v2/accounts/{id}/deposit'].post;
  assert.is(v2.summary, 'Deposit');
  assert.match(v2.description, /^Credits an account\.\n\nAccess: an API key with the write permission/);
  assert.is(doc.paths['/api/ping'].get.description, 'Access: public, no API key.');
  assert.equal(v2.tags, ['accounts']);
  assert.is.not(v1.operationId, v2.operationId);
  const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
  assert.is(new Set(ids).size, ids.length);
  assert.ok(doc.paths['/api/ping'].get && doc.paths['/api/v1/ping'].get);
  assert.ok(doc.paths['/api/health'].get && doc.paths['/api/openapi.json'].get);
  assert.is(toOpenApiPath('/api/v2/a/:id/b/:other_id'), '/api/v2/a/{id}/b/{other_id}');
});

test('operationIds: the token id camelCased, a declared operationId wins, a second prefix is suffixed, a duplicate throws', () => {
  const at = (path: string, method = 'get') => doc.paths[path][method].operationId;
  assert.is(at('/api/v2/things'), 'list');
  assert.is(at('/api/v2/accounts/{id}/deposit', 'post'), 'depositV2');
  assert.is(at('/api/v1/accounts/{id}/deposit', 'post'), 'depositV1');
  assert.is(at('/api/ping'), 'ping');
  assert.is(at('/api/health'), 'getHealth');
  const op = (id: string, operationId?: string) =>
    route({
      method: 'GET',
      path: `/${id}`,
      prefixes: ['v2'],
      access: 'read',
      operation: token<Operation>(`some-plugin.${id}`),
      ...(operationId ? { operationId } : {}),
      summary: id,
      tags: ['t'],
    });
  const named: any = buildOpenApi([{ plugin: 'p', route: op('list-red-things') }, { plugin: 'p', route: op('other', 'getOther') }], { title: 't', version: '1' });
  assert.is(named.paths['/api/v2/list-red-things'].get.operationId, 'listRedThings');
  assert.is(named.paths['/api/v2/other'].get.operationId, 'getOther');
  assert.throws(() => buildOpenApi([{ plugin: 'p', route: op('a', 'same') }, { plugin: 'p', route: op('b', 'same') }], { title: 't', version: '1' }), /operationId same/);
});

test('parameters: path from the params schema, query with required flags, Idempotency-Key on POST', () => {
  const deposit = doc.paths['/api/v2/accounts/{id}/deposit'].post;
  const id = deposit.parameters.find((p: any) => p.name === 'id');
  assert.equal(id, { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 3 } });
  assert.ok(deposit.parameters.some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey'));
  const remove = doc.paths['/api/v2/things/{id}'].delete;
  assert.equal(remove.parameters, [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
  const list = doc.paths['/api/v2/things'].get;
  const page = list.parameters.find((p: any) => p.name === 'page');
  assert.is(page.in, 'query');
  assert.is(page.required, false);
  assert.is(page.schema.type, 'integer');
  assert.equal(list.parameters.find((p: any) => p.name === 'status').schema.enum, ['open', 'closed']);
});

test('request body and the success envelope with the response schema; lists get meta and links', () => {
  const deposit = doc.paths['/api/v2/accounts/{id}/deposit'].post;
  const schema = deposit.requestBody.content['application/json'].schema;
  assert.is(deposit.requestBody.required, true);
  assert.equal(schema.required, ['amount', 'asset_code']);
  assert.equal(schema.properties.asset_code.enum, ['USD', 'EUR']);
  const created = deposit.responses['201'].content['application/json'].schema;
  assert.equal(created.required, ['data']);
  assert.is(created.properties.data.type, 'object');
  const list = doc.paths['/api/v2/things'].get.responses['200'].content['application/json'].schema;
  assert.is(list.properties.meta.$ref, '#/components/schemas/PageMeta');
  assert.is(list.properties.links.$ref, '#/components/schemas/PageLinks');
  assert.equal(Object.keys(doc.paths['/api/v2/things/{id}'].delete.responses['204']), ['description']);
});

test('security: bearer on protected routes, none on public ones; error responses use the error envelope', () => {
  assert.equal(doc.paths['/api/v2/things'].get.security, [{ bearerAuth: [] }]);
  assert.equal(doc.paths['/api/ping'].get.security, []);
  const responses = doc.paths['/api/v2/accounts/{id}/deposit'].post.responses;
  for (const status of ['400', '401', '403', '404', '409', '413', '415', '422', '429', '500']) assert.ok(responses[status], status);
  assert.not.ok(doc.paths['/api/ping'].get.responses['401']);
  assert.is(doc.components.responses.RateLimited.headers['Retry-After'].$ref, '#/components/headers/RetryAfter');
  const errorObject = doc.components.schemas.ErrorObject;
  assert.equal(errorObject.required, ['status', 'code', 'title', 'detail']);
  assert.equal(Object.keys(errorObject.properties), ['status', 'code', 'title', 'detail', 'source']);
});

test('shared and recursive schemas move to components.schemas; no definitions or $schema remain', () => {
  const Amount = z.object({ value: z.string(), currency: z.string() }).meta({ id: 'Amount' });
  const Node: z.ZodType<{ name: string; children: unknown[] }> = z.object({
    name: z.string(),
    get children() {
      return z.array(Node);
    },
  });
  const op = token<Operation>('test.openapi');
  const odd = buildOpenApi(
    [
      {
        plugin: 'p',
        route: route({
          method: 'POST',
          path: '/trees',
          prefixes: ['v2'],
          access: 'write',
          body: z.object({ a: Amount, b: Amount, tree: Node, when: z.date().optional(), n: z.literal(null), x: z.string().transform((s) => s.length) }),
          response: z.object({ x: z.string().transform((s) => s.length) }),
          operation: op,
          summary: 'Trees',
          tags: ['t'],
        }),
      },
    ],
    { title: 't', version: '1' },
  ) as any;
  const text = JSON.stringify(odd);
  assert.not.match(text, /#\/definitions\//);
  assert.not.match(text, /"\$schema"/);
  assert.not.match(text, /"definitions"/);
  assert.not.match(text, /"type":"null"/);
  assert.ok(odd.components.schemas.Amount);
  const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  for (const name of refs) assert.ok(odd.components.schemas[name], `dangling $ref ${name}`);
});

test('a named body or view is a component with its example; a named body still reports its required fields', () => {
  const Body = z.strictObject({ amount: z.string() }).meta({ id: 'PayRequest', example: { amount: '1.00' } });
  const View = z.strictObject({ id: z.string(), at: z.iso.datetime().meta({ pattern: undefined }) }).meta({ id: 'Payment', example: { id: 'p', at: '2026-01-15T09:30:00.000Z' } });
  const named: any = buildOpenApi(
    [
      {
        plugin: 'p',
        route: route({ method: 'POST', path: '/pay', prefixes: ['v2'], access: 'write', body: Body, response: View, operation: token<Operation>('p.pay'), summary: 'Pay', tags: ['t'] }),
      },
    ],
    { title: 't', version: '1' },
  );
  const post = named.paths['/api/v2/pay'].post;
  assert.equal(post.requestBody, { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PayRequest' } } } });
  assert.equal(post.responses['200'].content['application/json'].schema.properties.data, { $ref: '#/components/schemas/Payment' });
  assert.equal(named.components.schemas.Payment.example, { id: 'p', at: '2026-01-15T09:30:00.000Z' });
  assert.equal(named.components.schemas.Payment.properties.at, { type: 'string', format: 'date-time' });
});

test('tags: described by their plugins and the system tag by the adapter; one tag described two ways throws', () => {
  const tag = (description: string) => ({ plugin: 'p', tag: { name: 'things', description } });
  const described: any = buildOpenApi(TEST_ROUTES, { title: 't', version: '1' }, [tag('Things of the team.')]);
  assert.equal(described.tags.find((t: any) => t.name === 'things'), { name: 'things', description: 'Things of the team.' });
  assert.ok(described.tags.find((t: any) => t.name === 'system').description);
  assert.equal(doc.tags.find((t: any) => t.name === 'things'), { name: 'things' });
  assert.not.throws(() => buildOpenApi(TEST_ROUTES, { title: 't', version: '1' }, [tag('Same.'), { ...tag('Same.'), plugin: 'q' }]));
  assert.throws(() => buildOpenApi(TEST_ROUTES, { title: 't', version: '1' }, [tag('One.'), { ...tag('Two.'), plugin: 'q' }]), /tag things is described differently by p and q/);
});

test('the health routes have typed data; a nullable enum lists null among its values', () => {
  const data = (path: string) => doc.paths[path].get.responses['200'].content['application/json'].schema.properties.data;
  assert.equal(data('/api/health'), { $ref: '#/components/schemas/Health' });
  assert.equal(data('/api/health/live'), { $ref: '#/components/schemas/Liveness' });
  assert.equal(data('/api/health/ready'), { $ref: '#/components/schemas/Readiness' });
  assert.equal(doc.components.schemas.Liveness.properties.status.enum, ['live']);
  const schemas: Record<string, unknown> = {};
  assert.equal(convert(z.enum(['for', 'against']).nullable(), 'output', 'v', schemas).enum, ['for', 'against', null]);
});

test('every $ref in the test document resolves', () => {
  const text = JSON.stringify(doc);
  for (const match of text.matchAll(/"\$ref":"#\/([^"]+)"/g)) {
    let node: any = doc;
    for (const part of match[1]!.split('/')) node = node?.[part];
    assert.ok(node, `dangling $ref ${match[1]}`);
  }
});

test.run();
