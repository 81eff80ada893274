import type { PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';
import { validateManifest } from './validate-manifest.js';

export type BuiltinCatalogue = Readonly<Record<string, () => Promise<{ default: unknown }>>>;

export interface Selection {
  readonly builtins: BuiltinCatalogue;
  /** Enabled built-ins; undefined means all. */
  readonly modules?: readonly string[];
  /** Built-ins every bank needs (identity), enabled whatever BANK_MODULES says. */
  readonly alwaysEnabled: readonly string[];
  /** External package specifiers (BANK_PLUGINS), imported like built-ins. */
  readonly packages: readonly string[];
  /** Manifests handed in directly (tests). */
  readonly manifests: readonly PluginManifest[];
}

/** Imports only what is enabled: a disabled plugin's code never runs. */
export async function selectPlugins(selection: Selection): Promise<PluginManifest[]> {
  const known = Object.keys(selection.builtins);
  const wanted = new Set([...(selection.modules ?? known), ...selection.alwaysEnabled]);
  const unknown = [...wanted].filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BootError(`Unknown module(s) ${unknown.map((name) => `'${name}'`).join(', ')} in BANK_MODULES. Built-in modules: ${known.join(', ')}.`);
  }
  const manifests: PluginManifest[] = [];
  for (const name of [...wanted].sort()) {
    const module = await selection.builtins[name]!();
    const manifest = validateManifest(module.default, `built-in module '${name}'`);
    if (manifest.name !== name) throw new BootError(`Built-in module '${name}' declares the name '${manifest.name}'.`);
    manifests.push(manifest);
  }
  for (const specifier of selection.packages) {
    let module: { default?: unknown };
    try {
      module = (await import(specifier)) as { default?: unknown };
    } catch (error) {
      throw new BootError(`Cannot load plugin package '${specifier}' (BANK_PLUGINS): ${(error as Error).message}`);
    }
    manifests.push(validateManifest(module.default, `plugin package '${specifier}'`));
  }
  manifests.push(...selection.manifests.map((manifest) => validateManifest(manifest, `plugin '${manifest.name}'`)));
  const seen = new Set<string>();
  for (const manifest of manifests) {
    if (seen.has(manifest.name)) throw new BootError(`Two plugins are named '${manifest.name}'; plugin names must be unique.`);
    seen.add(manifest.name);
  }
  return manifests;
}
