import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { withEventTable } from '../../kernel/events/event-table.js';
import { builtinEventTable, EVENTS_DOC } from './event-docs.js';
import { builtinOpenApi, OPENAPI_DOC } from './reference-docs.js';

/** `npm run docs`: regenerates the event table in docs/events.md and docs/openapi.json from the plugins' declarations. */
const document = await readFile(EVENTS_DOC, 'utf8');
await writeFile(EVENTS_DOC, withEventTable(document, await builtinEventTable()));
await writeFile(OPENAPI_DOC, await builtinOpenApi());
process.stdout.write(`wrote ${EVENTS_DOC} (event table) and ${OPENAPI_DOC}\n`);
