import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiModelOf } from './api-model.js';
import { camelCase, pascalCase, snakeCase } from './names.js';
import { pythonIdentifier, pythonMethod } from './python/python-names.js';
import { phpVariable } from './php/php-types.js';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'T', version: '1.2.3' },
  paths: {
    '/api/health': { get: { operationId: 'getHealth', security: [], responses: { '200': { content: { 'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/Health' } } } } } } } } },
    '/api/v2/things': {
      get: {
        operationId: 'listThings',
        'x-plugin': 'things',
        parameters: [{ name: 'page', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: { '200': { content: { 'application/json': { schema: { properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, meta: {} } } } } } },
      },
      post: {
        operationId: 'createThingV1',
        'x-plugin': 'things',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
        responses: { '201': { content: { 'application/json': { schema: { properties: { data: { $ref: '#/components/schemas/Thing' } } } } } } },
      },
    },
    '/api/v2/things/{id}': { delete: { operationId: 'deleteThing', 'x-plugin': 'things', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'gone' } } } },
  },
  components: {
    schemas: {
      Health: { type: 'object', properties: { status: { type: 'string' } } },
      Thing: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'string' }, owner: { type: 'object', properties: { name: { type: 'string' } } }, tags: { type: 'array', items: { type: 'object', properties: { label: { type: 'string' } } } } },
      },
    },
  },
};

test('operations: sorted, module, public, list, 204, body, idempotent POST', () => {
  const api = apiModelOf(DOCUMENT);
  assert.is(api.version, '1.2.3');
  assert.equal(api.operations.map((operation) => operation.id), ['createThingV1', 'deleteThing', 'getHealth', 'listThings']);
  const [create, remove, health, list] = api.operations;
  assert.is(health!.public, true);
  assert.is(health!.module, 'system');
  assert.is(list!.module, 'things');
  assert.is(list!.success.list, true);
  assert.is(list!.queryParams[0]!.name, 'page');
  assert.is(remove!.success.status, 204);
  assert.is(remove!.success.data, undefined);
  assert.is(remove!.pathParams[0]!.name, 'id');
  assert.is(create!.idempotent, true);
  assert.is(create!.success.status, 201);
  assert.equal(create!.body, { schema: { $ref: '#/components/schemas/CreateThingV1Body' }, required: true });
});

test('inline objects are hoisted into named models, items included', () => {
  const models = apiModelOf(DOCUMENT).models;
  assert.equal(models.map((model) => model.name), ['CreateThingV1Body', 'Health', 'Thing', 'ThingOwner', 'ThingTagsItem']);
  const thing = models.find((model) => model.name === 'Thing')!;
  assert.equal(thing.properties.map((property) => [property.name, property.required]), [['id', true], ['owner', false], ['tags', false]]);
  assert.equal(thing.properties[1]!.schema, { $ref: '#/components/schemas/ThingOwner' });
  assert.equal(thing.properties[2]!.schema, { type: 'array', items: { $ref: '#/components/schemas/ThingTagsItem' } });
});

test('names: readable in each language, keywords and leading digits made safe', () => {
  assert.is(snakeCase('createTransferV1'), 'create_transfer_v1');
  assert.is(snakeCase('getHealth_response'), 'get_health_response');
  assert.is(camelCase('quote-swap_v1'), 'quoteSwapV1');
  assert.is(pascalCase('Proposal_2'), 'Proposal2');
  assert.is(pythonMethod('getAPIKeys'), 'get_api_keys');
  assert.is(pythonIdentifier('from'), 'from_');
  assert.is(pythonIdentifier('24h_change'), '_24h_change');
  assert.is(phpVariable('24h_change'), '_24h_change');
});

test.run();
