import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { withEventTable } from '../../kernel/events/event-table.js';
import { CONFIG_SCHEMA_DOC, CONFIGURATION_DOC, configJsonSchema, configurationReference } from './config-docs.js';
import { builtinEventTable, EVENTS_DOC } from './event-docs.js';
import { builtinOpenApi, OPENAPI_DOC } from './reference-docs.js';

/** `npm run docs`: regenerates the event table in docs/events.md, docs/openapi.json and the configuration references from the plugins' declarations and the schemas. */
const document = await readFile(EVENTS_DOC, 'utf8');
await writeFile(EVENTS_DOC, withEventTable(document, await builtinEventTable()));
await writeFile(OPENAPI_DOC, await builtinOpenApi());
await writeFile(CONFIGURATION_DOC, await configurationReference());
await writeFile(CONFIG_SCHEMA_DOC, await configJsonSchema());
process.stdout.write(`wrote ${EVENTS_DOC} (event table), ${OPENAPI_DOC}, ${CONFIGURATION_DOC} and ${CONFIG_SCHEMA_DOC}\n`);
