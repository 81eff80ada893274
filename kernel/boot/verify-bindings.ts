import type { PluginManifest } from '../contract/plugin.js';
import { tokenId } from '../contract/token.js';
import { BootError } from './boot-error.js';
import { describe } from './plugin-module.js';

export interface PluginBindings {
  readonly manifest: PluginManifest;
  readonly bound: ReadonlySet<unknown>;
  /** Tokens the plugin's bindings inject, with the class or binding that injects each (plugin-module.ts). */
  readonly injects: ReadonlyMap<unknown, string>;
}

/**
 * After loading: every `provides` is bound by that plugin, every `requires`
 * is bound by the kernel, an adapter or a plugin the requirer depends on, no
 * plugin binds a token another plugin or the kernel already bound, and every
 * token a plugin injects is its own, in its `requires`, or provided by a
 * plugin in its `dependsOn`: `requires` cannot drift from the `@inject`s.
 * A token every binder lists in `contributes` is multi-bound: each of them
 * adds one binding, none replaces another's.
 */
export function verifyBindings(plugins: readonly PluginBindings[], kernelBound: ReadonlySet<unknown>): void {
  const owner = new Map<unknown, string>();
  const contributed = new Set<unknown>();
  for (const { manifest, bound } of plugins) {
    for (const identifier of bound) {
      if (manifest.contributes?.includes(identifier as never)) {
        if (owner.has(identifier) && !contributed.has(identifier)) {
          throw new BootError(`Plugin '${manifest.name}' contributes to '${describe(identifier)}', which ${owner.get(identifier)} binds alone (not as a contribution).`);
        }
        contributed.add(identifier);
        owner.set(identifier, owner.get(identifier) ?? manifest.name);
        continue;
      }
      if (contributed.has(identifier)) {
        throw new BootError(`Plugin '${manifest.name}' binds '${describe(identifier)}', to which others contribute: list it in contributes.`);
      }
      const previous = owner.get(identifier) ?? (kernelBound.has(identifier) ? 'the kernel' : undefined);
      if (previous && previous !== manifest.name) {
        throw new BootError(`Plugin '${manifest.name}' binds '${describe(identifier)}', already bound by ${previous}.`);
      }
      owner.set(identifier, manifest.name);
    }
    for (const provided of [...manifest.provides, ...(manifest.contributes ?? [])]) {
      if (!bound.has(provided)) {
        throw new BootError(`Plugin '${manifest.name}' declares it provides '${tokenId(provided)}' but does not bind it.`);
      }
    }
  }
  const byName = new Map(plugins.map((plugin) => [plugin.manifest.name, plugin.manifest]));
  for (const { manifest } of plugins) {
    const reachable = dependencyClosure(manifest, byName);
    for (const required of manifest.requires) {
      if (kernelBound.has(required)) continue;
      const provider = owner.get(required);
      if (provider !== undefined && reachable.has(provider)) continue;
      const hint = provider
        ? `'${provider}' binds it, but '${manifest.name}' does not list '${provider}' in dependsOn.`
        : `no enabled plugin or adapter provides it. Enable the plugin that provides it or disable '${manifest.name}'.`;
      throw new BootError(`Plugin '${manifest.name}' requires '${tokenId(required)}': ${hint}`);
    }
  }
  for (const { manifest, bound, injects } of plugins) {
    const provided = new Set([...dependencyClosure(manifest, byName)].flatMap((name) => (name === manifest.name ? [] : byName.get(name)?.provides ?? [])));
    for (const [injected, where] of injects) {
      if (bound.has(injected) || manifest.requires.includes(injected as never) || provided.has(injected as never)) continue;
      throw new BootError(
        `Plugin '${manifest.name}' injects '${describe(injected)}' (into ${where}) but does not list it in requires. ` +
          `Add it to requires, or to provides of the plugin in dependsOn that binds it.`,
      );
    }
  }
}

function dependencyClosure(manifest: PluginManifest, byName: ReadonlyMap<string, PluginManifest>): Set<string> {
  const closure = new Set<string>([manifest.name]);
  const pending = [...manifest.dependsOn];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (closure.has(name)) continue;
    closure.add(name);
    pending.push(...(byName.get(name)?.dependsOn ?? []));
  }
  return closure;
}
