import { EventRegistry } from '../../kernel/events/event-registry.js';
import { renderEventTable } from '../../kernel/events/event-table.js';
import { workflowEvents } from '../../kernel/workflows/workflow-events.js';
import { builtinManifests } from './reference-docs.js';

/** Path of the event documentation, relative to the repository root. */
export const EVENTS_DOC = 'docs/events.md';

/** The event table of every built-in plugin and the kernel, as docs/events.md shows it. */
export async function builtinEventTable(): Promise<string> {
  const registry = new EventRegistry();
  registry.register('kernel', workflowEvents);
  for (const manifest of await builtinManifests()) registry.register(manifest.name, manifest.events ?? []);
  return renderEventTable(registry.list());
}
