import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG_SCHEMA_DOC, CONFIGURATION_DOC, configJsonSchema, configurationReference } from '../../adapters/main/config-docs.js';
import { builtinEventTable, EVENTS_DOC } from '../../adapters/main/event-docs.js';
import { builtinOpenApi, OPENAPI_DOC } from '../../adapters/main/reference-docs.js';
import { withEventTable } from '../../kernel/events/event-table.js';

/** The generated references must show exactly what the plugins and schemas declare: run `npm run docs` after changing a route, an event or a setting. */
const read = (path: string) => readFile(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

test('the event table in docs/events.md is up to date', async () => {
  const document = await read(EVENTS_DOC);
  assert.fixture(document, withEventTable(document, await builtinEventTable()), 'docs/events.md is stale: run npm run docs');
});

test('docs/openapi.json is up to date', async () => {
  assert.fixture(await read(OPENAPI_DOC), await builtinOpenApi(), 'docs/openapi.json is stale: run npm run docs');
});

test('docs/configuration.md is up to date', async () => {
  assert.fixture(await read(CONFIGURATION_DOC), await configurationReference(), 'docs/configuration.md is stale: run npm run docs');
});

test('docs/config.schema.json is up to date', async () => {
  assert.fixture(await read(CONFIG_SCHEMA_DOC), await configJsonSchema(), 'docs/config.schema.json is stale: run npm run docs');
});

test.run();
