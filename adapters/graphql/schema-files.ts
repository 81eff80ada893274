import type { PluginManifest } from '../../kernel/contract/plugin.js';
import { builtinPlugins } from '../../plugins/index.js';
import { domainSchemas, type DomainEntry } from './schema.js';

/** Directory of the checked-in SDL files, relative to the repository root. */
export const SCHEMA_DIR = 'schema';

/**
 * The SDL of every built-in domain, file name → text. Every built-in plugin
 * is imported (this runs at build time, not in a bank), in name order so the
 * output does not depend on the catalogue's order.
 */
export async function schemaFiles(): Promise<Map<string, string>> {
  const entries: DomainEntry[] = [];
  for (const name of Object.keys(builtinPlugins).sort()) {
    const manifest = (await builtinPlugins[name]!()).default as PluginManifest;
    for (const contribution of manifest.graphql ?? []) entries.push({ plugin: manifest.name, contribution });
  }
  const files = new Map<string, string>();
  for (const [domain, text] of domainSchemas(entries)) files.set(`${domain}.graphql`, text);
  return files;
}
