import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { TerminalProgress } from '../cli/terminal-progress.js';
import { writeReferenceDocs } from './reference-docs-writer.js';

/**
 * `npm run docs`: regenerates the event table in docs/events.md,
 * docs/openapi.json, the configuration references and the typed client's
 * schema from the plugins' declarations and the schemas. Each file written
 * is a progress step on stderr: a line redrawn in place on a terminal,
 * plain lines otherwise.
 */
const written = await writeReferenceDocs(
  { read: (path) => readFile(path, 'utf8'), write: (path, text) => writeFile(path, text) },
  new TerminalProgress(process.stderr),
);
process.stdout.write(`wrote ${written.join(', ')}\n`);
