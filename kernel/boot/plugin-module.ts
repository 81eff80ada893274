import { getClassMetadata } from '@inversifyjs/core';
import { ContainerModule, LazyServiceIdentifier, type Bind } from 'inversify';
import type { PluginContext, PluginManifest } from '../contract/plugin.js';
import { tokenId } from '../contract/token.js';
import { BootError } from './boot-error.js';

/** What loading a plugin's module records for verifyBindings. */
export interface RecordedBindings {
  /** Every token the plugin binds. */
  readonly bound: Set<unknown>;
  /** Every token its bindings will inject, with the first class or binding that injects it (for messages). */
  readonly injects: Map<unknown, string>;
}

/**
 * Wraps a plugin's register(), operations and persistence bindings in one ContainerModule,
 * recording every token it binds, so the kernel can verify `provides` and
 * refuse a token bound twice, and every token its bindings inject: a class's
 * `@inject`s (inversify's class metadata) for `.to(Class)` and `.toSelf()`,
 * the listed tokens of `.toResolvedValue(fn, [tokens])`, the target of
 * `.toService(token)`. Constants and dynamic values inject nothing it can see.
 */
export function pluginModule(manifest: PluginManifest, context: PluginContext, recorded: RecordedBindings): ContainerModule {
  return new ContainerModule((options) => {
    const audited: Bind = (identifier) => {
      recorded.bound.add(identifier);
      return watchingTargets(options.bind(identifier), (target, args) => {
        for (const [token, where] of injectionsOf(manifest, identifier, target, args)) {
          if (!recorded.injects.has(token)) recorded.injects.set(token, where);
        }
      });
    };
    manifest.register?.(audited, context);
    for (const [port, implementation] of manifest.operations ?? []) audited(port).to(implementation);
    manifest.persistence?.[context.store](audited, context);
  });
}

/** The fluent syntax of one `bind(...)`, unchanged except that each call is shown to `onCall` first. */
function watchingTargets<T extends object>(syntax: T, onCall: (method: string, args: unknown[]) => void): T {
  return new Proxy(syntax, {
    get(target, name) {
      const value: unknown = Reflect.get(target, name);
      if (typeof value !== 'function' || typeof name !== 'string') return value;
      return (...args: unknown[]) => {
        onCall(name, args);
        return value.apply(target, args);
      };
    },
  });
}

function injectionsOf(manifest: PluginManifest, identifier: unknown, method: string, args: unknown[]): Array<[unknown, string]> {
  switch (method) {
    case 'to':
      return classInjections(manifest, args[0]);
    case 'toSelf':
      return classInjections(manifest, identifier);
    case 'toResolvedValue':
      return (Array.isArray(args[1]) ? args[1] : []).flatMap((option: unknown) => {
        const dependency = resolvedValueDependency(option);
        return dependency === undefined ? [] : [[dependency, `the resolved value bound to '${describe(identifier)}'`] as [unknown, string]];
      });
    case 'toService':
      return [[args[0], `the alias '${describe(identifier)}'`]];
    default:
      return [];
  }
}

function classInjections(manifest: PluginManifest, type: unknown): Array<[unknown, string]> {
  if (typeof type !== 'function') return [];
  let metadata: ReturnType<typeof getClassMetadata>;
  try {
    metadata = getClassMetadata(type as new () => unknown);
  } catch (error) {
    // Resolving it would fail later, at first use: say so at boot, naming the plugin.
    throw new BootError(`Plugin '${manifest.name}' binds class ${type.name}, which cannot be injected: ${(error as Error).message}`);
  }
  const elements = [...metadata.constructorArguments, ...metadata.properties.values()];
  return elements.flatMap((element) => {
    if (!('value' in element) || element.optional) return [];
    return [[unwrap(element.value), type.name] as [unknown, string]];
  });
}

/** A toResolvedValue inject option: a token, a lazy one, or `{serviceIdentifier, optional?}` (optional ones may stay unbound). */
function resolvedValueDependency(option: unknown): unknown {
  if (typeof option === 'object' && option !== null && 'serviceIdentifier' in option && !LazyServiceIdentifier.is(option)) {
    return 'optional' in option && option.optional === true ? undefined : unwrap(option.serviceIdentifier);
  }
  return unwrap(option);
}

function unwrap(value: unknown): unknown {
  return LazyServiceIdentifier.is(value) ? value.unwrap() : value;
}

/** A bound or injected identifier for messages: a token's id, a class's name. */
export function describe(identifier: unknown): string {
  return typeof identifier === 'symbol' ? tokenId(identifier) : typeof identifier === 'function' ? identifier.name : String(identifier);
}
