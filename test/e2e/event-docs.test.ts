import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { builtinEventTable, EVENTS_DOC } from '../../adapters/main/event-docs.js';
import { withEventTable } from '../../kernel/events/event-table.js';

/** docs/events.md must show exactly what the plugins declare: run `npm run docs:events` after changing an event. */
test('the event table in docs/events.md is up to date', async () => {
  const path = fileURLToPath(new URL(`../../../${EVENTS_DOC}`, import.meta.url));
  const document = await readFile(path, 'utf8');
  const expected = withEventTable(document, await builtinEventTable());
  assert.fixture(document, expected, 'docs/events.md is stale: run npm run docs:events');
});

test.run();
