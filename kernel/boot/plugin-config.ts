import type { PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';

/** Validates every enabled plugin's config slice and reports all problems at once, with paths. */
export function resolvePluginConfigs(
  manifests: readonly PluginManifest[],
  slices: Readonly<Record<string, unknown>>,
): Map<string, unknown> {
  const resolved = new Map<string, unknown>();
  const problems: string[] = [];
  for (const manifest of manifests) {
    if (!manifest.config) {
      resolved.set(manifest.name, {});
      continue;
    }
    const result = manifest.config.safeParse(slices[manifest.name] ?? {});
    if (result.success) resolved.set(manifest.name, result.data);
    else {
      for (const issue of result.error.issues) {
        problems.push(`  plugins.${manifest.name}.${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
    }
  }
  if (problems.length > 0) throw new BootError(`Invalid plugin configuration:\n${problems.join('\n')}`);
  return resolved;
}
