import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { withEventTable } from '../../kernel/events/event-table.js';
import { TerminalProgress } from '../cli/terminal-progress.js';
import { CLIENT_SCHEMA, clientSchema } from './client-docs.js';
import { CONFIG_SCHEMA_DOC, CONFIGURATION_DOC, configJsonSchema, configurationReference } from './config-docs.js';
import { builtinEventTable, EVENTS_DOC } from './event-docs.js';
import { builtinOpenApi, OPENAPI_DOC } from './reference-docs.js';

/**
 * `npm run docs`: regenerates the event table in docs/events.md,
 * docs/openapi.json, the configuration references and the typed client's
 * schema (from the OpenAPI document just written) from the plugins'
 * declarations and the schemas. Each file written is a progress step on
 * stderr: a line redrawn in place on a terminal, plain lines otherwise.
 */
const outputs: readonly { path: string; write: () => Promise<void> }[] = [
  { path: `${EVENTS_DOC} (event table)`, write: async () => writeOut(EVENTS_DOC, withEventTable(await readFile(EVENTS_DOC, 'utf8'), await builtinEventTable())) },
  { path: OPENAPI_DOC, write: async () => writeOut(OPENAPI_DOC, await builtinOpenApi()) },
  { path: CONFIGURATION_DOC, write: async () => writeOut(CONFIGURATION_DOC, await configurationReference()) },
  { path: CONFIG_SCHEMA_DOC, write: async () => writeOut(CONFIG_SCHEMA_DOC, await configJsonSchema()) },
  { path: `${CLIENT_SCHEMA} (typed client)`, write: async () => writeOut(CLIENT_SCHEMA, await clientSchema(await readFile(OPENAPI_DOC, 'utf8'))) },
];

const writeOut = (path: string, text: string): Promise<void> => writeFile(path, text);

const task = new TerminalProgress(process.stderr).begin('docs', outputs.length);
try {
  for (const output of outputs) {
    await output.write();
    task.step(output.path);
  }
} finally {
  task.end();
}
process.stdout.write(`wrote ${outputs.map((output) => output.path).join(', ')}\n`);
