import { withEventTable } from '../../kernel/events/event-table.js';
import type { Progress } from '../../ports/progress.js';
import { CLIENT_SCHEMA, clientSchema } from './client-docs.js';
import { CONFIG_SCHEMA_DOC, CONFIGURATION_DOC, configJsonSchema, configurationReference } from './config-docs.js';
import { builtinEventTable, EVENTS_DOC } from './event-docs.js';
import { builtinOpenApi, OPENAPI_DOC } from './reference-docs.js';

/** Where the references are read and written: the repository's files, or a map in a test. */
export interface ReferenceFiles {
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
}

/**
 * Regenerates every generated reference, one progress step per file: the
 * event table in docs/events.md, docs/openapi.json, the configuration
 * references, and the typed client's schema from the OpenAPI document just
 * written. Returns the paths written, in order.
 */
export async function writeReferenceDocs(files: ReferenceFiles, progress: Progress): Promise<string[]> {
  let openApi = '';
  const outputs: readonly { path: string; label: string; text: () => Promise<string> }[] = [
    { path: EVENTS_DOC, label: `${EVENTS_DOC} (event table)`, text: async () => withEventTable(await files.read(EVENTS_DOC), await builtinEventTable()) },
    { path: OPENAPI_DOC, label: OPENAPI_DOC, text: async () => (openApi = await builtinOpenApi()) },
    { path: CONFIGURATION_DOC, label: CONFIGURATION_DOC, text: configurationReference },
    { path: CONFIG_SCHEMA_DOC, label: CONFIG_SCHEMA_DOC, text: configJsonSchema },
    { path: CLIENT_SCHEMA, label: `${CLIENT_SCHEMA} (typed client)`, text: () => clientSchema(openApi) },
  ];
  const task = progress.begin('docs', outputs.length);
  try {
    for (const output of outputs) {
      await files.write(output.path, await output.text());
      task.step(output.label);
    }
  } finally {
    task.end();
  }
  return outputs.map((output) => output.label);
}
