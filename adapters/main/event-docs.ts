import type { PluginManifest } from '../../kernel/contract/plugin.js';
import { EventRegistry } from '../../kernel/events/event-registry.js';
import { renderEventTable } from '../../kernel/events/event-table.js';
import { workflowEvents } from '../../kernel/workflows/workflow-events.js';
import { builtinPlugins } from '../../plugins/index.js';

/** Path of the event documentation, relative to the repository root. */
export const EVENTS_DOC = 'docs/events.md';

/** The event table of every built-in plugin and the kernel, as docs/events.md shows it. */
export async function builtinEventTable(): Promise<string> {
  const registry = new EventRegistry();
  registry.register('kernel', workflowEvents);
  for (const name of Object.keys(builtinPlugins).sort()) {
    const manifest = (await builtinPlugins[name]!()).default as PluginManifest;
    registry.register(manifest.name, manifest.events ?? []);
  }
  return renderEventTable(registry.list());
}
