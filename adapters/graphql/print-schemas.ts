import 'reflect-metadata';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCHEMA_DIR, schemaFiles } from './schema-files.js';

/** `npm run schema`: writes schema/<domain>.graphql for every domain and removes files of domains that are gone. */
const files = await schemaFiles();
await mkdir(SCHEMA_DIR, { recursive: true });
for (const existing of await readdir(SCHEMA_DIR)) {
  if (existing.endsWith('.graphql') && !files.has(existing)) await rm(join(SCHEMA_DIR, existing));
}
for (const [name, text] of files) await writeFile(join(SCHEMA_DIR, name), text);
process.stdout.write(`wrote ${files.size} schema files to ${SCHEMA_DIR}/: ${[...files.keys()].join(', ')}\n`);
