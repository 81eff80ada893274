import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CLIENT_SCHEMA, clientSchema } from '../../adapters/main/client-docs.js';
import { EVENTS_DOC } from '../../adapters/main/event-docs.js';
import { writeReferenceDocs } from '../../adapters/main/reference-docs-writer.js';
import { OPENAPI_DOC } from '../../adapters/main/reference-docs.js';

/**
 * The typed client (clients/typescript) must describe the checked-in OpenAPI
 * document exactly: run `npm run docs` after changing a route or a schema.
 * (reference-docs.test.ts checks that docs/openapi.json itself is current.)
 */
const read = (path: string) => readFile(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

test('clients/typescript/src/schema.ts is up to date with docs/openapi.json', async () => {
  assert.fixture(await read(CLIENT_SCHEMA), await clientSchema(await read(OPENAPI_DOC)), `${CLIENT_SCHEMA} is stale: run npm run docs`);
});

test('the generation depends on the document alone: the same text gives the same bytes, another document other types', async () => {
  const document = await read(OPENAPI_DOC);
  assert.is(await clientSchema(document), await clientSchema(document));
  const parsed = JSON.parse(document);
  parsed.paths['/api/v2/extra'] = { get: { operationId: 'getExtra', responses: { '204': { description: 'nothing' } } } };
  assert.ok((await clientSchema(JSON.stringify(parsed))).includes('"/api/v2/extra"'));
});

test("the client package's version is the service's", async () => {
  const service = JSON.parse(await read('package.json'));
  const client = JSON.parse(await read('clients/typescript/package.json'));
  assert.is(client.version, service.version);
  assert.equal(Object.keys(client.dependencies), ['openapi-fetch'], 'openapi-fetch is the client\'s one run-time dependency');
});

test('npm run docs writes the client schema last, from the OpenAPI document of the same run, one progress step per file', async () => {
  const files = new Map<string, string>([[EVENTS_DOC, await read(EVENTS_DOC)]]);
  const steps: unknown[] = [];
  const progress = {
    begin: (task: string, total: number) => {
      steps.push(['begin', task, total]);
      return { step: (label: string) => void steps.push(['step', label]), end: () => void steps.push(['end']) };
    },
  };
  const written = await writeReferenceDocs({ read: async (path) => files.get(path)!, write: async (path, text) => void files.set(path, text) }, progress);
  assert.equal(steps, [['begin', 'docs', 5], ...written.map((label) => ['step', label]), ['end']]);
  assert.is(written.at(-1), `${CLIENT_SCHEMA} (typed client)`);
  assert.fixture(files.get(CLIENT_SCHEMA)!, await clientSchema(files.get(OPENAPI_DOC)!));
  assert.fixture(files.get(CLIENT_SCHEMA)!, await read(CLIENT_SCHEMA), 'the checked-in schema is what npm run docs writes');
});

test.run();
