import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadConfig, lintFromString } from '@redocly/openapi-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HealthView, LivenessView, ReadinessView } from '../../adapters/http/health-views.js';
import { OPENAPI_DOC } from '../../adapters/main/reference-docs.js';
import { bootTestKernel, type TestKernel } from '../fixtures/boot.js';

/**
 * The OpenAPI document a client generator and the reference page read: it
 * lints clean under Redocly's recommended rules (redocly.yaml), and every
 * operation and tag is described, every success `data` is typed and every
 * body and answer has an example. Both the checked-in document (built-in
 * modules) and the one a running service serves with a partner plugin.
 */
const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
type Json = Record<string, any>;

let k: TestKernel;
let served: Json;

test.before(async () => {
  k = await bootTestKernel({ config: { plugins: ['@acme/bank-plugin-notes'] } as any });
  served = (await k.request('GET', '/api/openapi.json')).body;
});
test.after(async () => {
  await k?.close();
});

async function lintProblems(text: string): Promise<string[]> {
  const config = await loadConfig({ configPath: root('redocly.yaml') });
  const problems = await lintFromString({ source: text, absoluteRef: root(OPENAPI_DOC), config });
  return problems.map((problem) => `${problem.severity} ${problem.ruleId} at ${problem.location.map((at) => at.pointer).join(', ')}: ${problem.message}`);
}

/** Each operation of the document as [method path, operation]. */
function operations(doc: Json): [string, Json][] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]): [string, Json] => [`${method.toUpperCase()} ${path}`, op]));
}

function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.['$ref'];
  if (typeof ref !== 'string') return schema;
  let node: any = doc;
  for (const part of ref.slice(2).split('/')) node = node?.[part];
  return node;
}

/** A schema that says what it holds: properties, typed items, a type or a union of such (not `{}`, not a bare object). */
function isTyped(doc: Json, schema: Json | undefined): boolean {
  const node = resolve(doc, schema);
  if (!node) return false;
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (Array.isArray(node[key])) return node[key].length > 0 && node[key].every((part: Json) => isTyped(doc, part));
  if (node.type === 'array') return isTyped(doc, node.items);
  if (node.type === 'object' || node.properties) return Object.keys(node.properties ?? {}).length > 0 || isTyped(doc, node.additionalProperties);
  return typeof node.type === 'string' || Array.isArray(node.enum);
}

function hasExample(doc: Json, schema: Json | undefined): boolean {
  const node = resolve(doc, schema);
  if (!node) return false;
  if (node.example !== undefined) return true;
  return node.type === 'array' && hasExample(doc, node.items);
}

/** What a person reading the reference would miss, one line each. */
function gaps(doc: Json): string[] {
  const found: string[] = [];
  const declared = new Map<string, Json>((doc.tags as Json[]).map((tag) => [tag.name, tag]));
  for (const tag of declared.values()) if (!tag.description?.trim()) found.push(`tag ${tag.name}: no description`);
  for (const [name, op] of operations(doc)) {
    if (!op.operationId) found.push(`${name}: no operationId`);
    if (!op.summary?.trim()) found.push(`${name}: no summary`);
    if (!op.description?.trim()) found.push(`${name}: no description`);
    for (const tag of op.tags ?? []) if (!declared.has(tag)) found.push(`${name}: tag ${tag} is not in the top-level tags`);
    const body = op.requestBody?.content?.['application/json']?.schema;
    if (body && !hasExample(doc, body)) found.push(`${name}: request body without an example`);
    for (const [status, response] of Object.entries(op.responses as Json)) {
      if (!status.startsWith('2')) continue;
      const schema = resolve(doc, response)?.content?.['application/json']?.schema;
      if (!schema) continue;
      const data = schema.properties?.data;
      const typed = data ?? schema;
      if (!isTyped(doc, typed)) found.push(`${name}: ${status} ${data ? 'data' : 'body'} is untyped`);
      else if (data && !hasExample(doc, data)) found.push(`${name}: ${status} data without an example`);
    }
  }
  return found;
}

test('docs/openapi.json lints clean with Redocly recommended rules', async () => {
  const problems = await lintProblems(await readFile(root(OPENAPI_DOC), 'utf8'));
  assert.equal(problems, [], `docs/openapi.json:\n${problems.join('\n')}`);
});

test('the served document (built-in modules and a partner plugin) lints clean', async () => {
  assert.ok(served.paths['/api/v2/accounts/{id}/notes'], 'the partner plugin is served');
  const problems = await lintProblems(JSON.stringify(served));
  assert.equal(problems, [], `GET /api/openapi.json:\n${problems.join('\n')}`);
});

test('the lint runs the recommended rules: an undescribed tag, an operation without 4xx and a bad example are problems', async () => {
  const broken = structuredClone(served);
  broken.tags[0] = { name: broken.tags[0].name };
  broken.paths['/api/health/live'].get.responses = { '200': broken.paths['/api/health/live'].get.responses['200'] };
  broken.components.schemas.Liveness.example = { status: 'dead' };
  const rules = (await lintProblems(JSON.stringify(broken))).map((problem) => problem.split(' ')[1]);
  assert.equal(rules.sort(), ['no-invalid-schema-examples', 'operation-4xx-response', 'tag-description']);
});

test('every operation and tag is described, every success data typed, every body and answer exemplified', async () => {
  const checkedIn = JSON.parse(await readFile(root(OPENAPI_DOC), 'utf8'));
  assert.equal(gaps(checkedIn), []);
  assert.equal(gaps(served), []);
});

test('every route declaration, built-in or partner, has its own description', () => {
  const bare = k.kernel.routes.filter(({ route }) => !route.description?.trim()).map(({ plugin, route }) => `${plugin}: ${route.method} ${route.path}`);
  assert.equal(bare, []);
});

test('the checks catch a missing description, an undescribed tag, untyped data and a missing example', () => {
  const doc: Json = {
    tags: [{ name: 'a' }],
    paths: {
      '/x': {
        get: { operationId: 'x', summary: 'X', tags: ['a', 'b'], responses: { '200': { content: { 'application/json': { schema: { properties: { data: {} } } } } } } },
        post: {
          operationId: 'y',
          summary: 'Y',
          description: 'Y.',
          tags: ['a'],
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'string' } } } } } },
          responses: { '201': { content: { 'application/json': { schema: { properties: { data: { type: 'object', properties: { n: { type: 'string' } } } } } } } } },
        },
      },
    },
  };
  assert.equal(gaps(doc), [
    'tag a: no description',
    'GET /x: no description',
    'GET /x: tag b is not in the top-level tags',
    'GET /x: 200 data is untyped',
    'POST /x: request body without an example',
    'POST /x: 201 data without an example',
  ]);
});

test('the health routes answer what their views (and so the document) say', async () => {
  HealthView.parse((await k.request('GET', '/api/health')).body.data);
  LivenessView.parse((await k.request('GET', '/api/health/live')).body.data);
  ReadinessView.parse((await k.request('GET', '/api/health/ready')).body.data);
  assert.is(served.components.schemas.Health.properties.store.enum.length, 3);
});

test.run();
