import { overlay, readEnv, settingsOf, sourceNote, type Env } from '../../config/env-settings.js';
import type { PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';

/**
 * Validates every enabled plugin's config slice and reports all problems at once, with paths.
 * A plugin's schema is known only once it is selected, so its variables
 * (BANK_PLUGIN_CONFIG__<PLUGIN>__<KEY>) are read here, over its slice from the file.
 */
export function resolvePluginConfigs(
  manifests: readonly PluginManifest[],
  slices: Readonly<Record<string, unknown>>,
  env: Env = {},
): Map<string, unknown> {
  const resolved = new Map<string, unknown>();
  const problems: string[] = [];
  for (const manifest of manifests) {
    if (!manifest.config) {
      resolved.set(manifest.name, {});
      continue;
    }
    const fromEnv = readEnv(settingsOf(manifest.config, ['pluginConfig', manifest.name]), env);
    problems.push(...fromEnv.problems);
    const slice = slices[manifest.name] ?? {};
    const result = manifest.config.safeParse(fromEnv.assignments.length > 0 ? overlay(slice as Record<string, unknown>, fromEnv.assignments) : slice);
    if (result.success) resolved.set(manifest.name, result.data);
    else {
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        problems.push(`  plugins.${manifest.name}.${path || '(root)'}${sourceNote(fromEnv.sources, path)}: ${issue.message}`);
      }
    }
  }
  if (problems.length > 0) throw new BootError(`Invalid plugin configuration:\n${problems.join('\n')}`);
  return resolved;
}
