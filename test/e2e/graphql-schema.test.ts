import { readdir, readFile } from 'node:fs/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SCHEMA_DIR, schemaFiles } from '../../adapters/graphql/schema-files.js';

/** schema/<domain>.graphql are checked in; this fails when they are stale: run `npm run schema`. */
const root = new URL('../../../', import.meta.url);

test('every domain’s checked-in SDL matches the resolvers (run `npm run schema` when this fails)', async () => {
  const generated = await schemaFiles();
  const checkedIn = (await readdir(new URL(`${SCHEMA_DIR}/`, root))).filter((name) => name.endsWith('.graphql')).sort();
  assert.equal(checkedIn, [...generated.keys()].sort(), 'schema files and domains differ: run npm run schema');
  for (const [name, text] of generated) {
    const file = await readFile(new URL(`${SCHEMA_DIR}/${name}`, root), 'utf8');
    assert.fixture(file, text, `${SCHEMA_DIR}/${name} is stale: run npm run schema`);
  }
});

test('the domains this module delivers exist', async () => {
  const names = [...(await schemaFiles()).keys()];
  for (const domain of ['account', 'payment', 'banking', 'asset', 'exchange', 'user']) assert.ok(names.includes(`${domain}.graphql`), domain);
});

test.run();
