import semver from 'semver';
import { KERNEL_API_VERSION, type PluginManifest } from '../contract/plugin.js';
import { BootError } from './boot-error.js';

const NAME = /^[a-z][a-z0-9-]*$/;

/** Checks a loaded module really is a manifest this kernel can run. */
export function validateManifest(candidate: unknown, origin: string): PluginManifest {
  const manifest = candidate as Partial<PluginManifest> | undefined;
  if (!manifest || manifest.kind !== 'bank.plugin') {
    throw new BootError(`${origin} does not export a plugin manifest (default export from definePlugin()).`);
  }
  if (typeof manifest.name !== 'string' || !NAME.test(manifest.name)) {
    throw new BootError(`${origin}: plugin name '${String(manifest.name)}' must match ${NAME}.`);
  }
  if (typeof manifest.kernel !== 'string' || !semver.satisfies(KERNEL_API_VERSION, manifest.kernel)) {
    throw new BootError(
      `Plugin '${manifest.name}' supports kernel API '${String(manifest.kernel)}', but this kernel is ${KERNEL_API_VERSION}.`,
    );
  }
  if (manifest.register !== undefined && typeof manifest.register !== 'function') {
    throw new BootError(`Plugin '${manifest.name}': register must be a function (bind, ctx).`);
  }
  if (manifest.operations !== undefined && !Array.isArray(manifest.operations)) {
    throw new BootError(`Plugin '${manifest.name}': operations must be a list of [token, class] pairs (operation()).`);
  }
  return manifest as PluginManifest;
}
