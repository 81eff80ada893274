import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { withEventTable } from '../../kernel/events/event-table.js';
import { builtinEventTable, EVENTS_DOC } from './event-docs.js';

/** `npm run docs:events`: regenerates the event table in docs/events.md from the plugins' declarations. */
const document = await readFile(EVENTS_DOC, 'utf8');
await writeFile(EVENTS_DOC, withEventTable(document, await builtinEventTable()));
process.stdout.write(`wrote the event table to ${EVENTS_DOC}\n`);
