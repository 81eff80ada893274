import { ContainerModule, type Bind } from 'inversify';
import type { PluginContext, PluginManifest } from '../contract/plugin.js';

/**
 * Wraps a plugin's register(), operations and persistence bindings in one ContainerModule,
 * recording every token it binds so the kernel can verify `provides` and
 * refuse a token bound twice.
 */
export function pluginModule(
  manifest: PluginManifest,
  context: PluginContext,
  bound: Set<symbol | string | Function>,
): ContainerModule {
  return new ContainerModule((options) => {
    const audited: Bind = (identifier) => {
      bound.add(identifier as symbol);
      return options.bind(identifier);
    };
    manifest.register?.(audited, context);
    for (const [port, implementation] of manifest.operations ?? []) audited(port).to(implementation);
    manifest.persistence?.[context.store](audited, context);
  });
}
