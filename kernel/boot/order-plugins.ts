import type { PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';

/**
 * Dependency order, ties broken by name so every start is the same. A missing
 * dependency is refused (never auto-enabled); a cycle is refused with its path.
 */
export function orderPlugins(manifests: readonly PluginManifest[]): PluginManifest[] {
  const byName = new Map(manifests.map((manifest) => [manifest.name, manifest]));
  for (const manifest of manifests) {
    for (const dependency of manifest.dependsOn) {
      if (!byName.has(dependency)) {
        throw new BootError(
          `Plugin '${manifest.name}' depends on '${dependency}', which is not enabled. Enable '${dependency}' (BANK_MODULES) or disable '${manifest.name}'.`,
        );
      }
    }
  }
  const ordered: PluginManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (manifest: PluginManifest, path: readonly string[]): void => {
    const seen = state.get(manifest.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      throw new BootError(`Plugin dependency cycle: ${[...path, manifest.name].join(' -> ')}.`);
    }
    state.set(manifest.name, 'visiting');
    for (const dependency of [...manifest.dependsOn].sort()) visit(byName.get(dependency)!, [...path, manifest.name]);
    state.set(manifest.name, 'done');
    ordered.push(manifest);
  };
  for (const manifest of [...manifests].sort((a, b) => a.name.localeCompare(b.name))) visit(manifest, []);
  return ordered;
}
