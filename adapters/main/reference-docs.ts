import type { PluginManifest } from '../../kernel/contract/plugin.js';
import type { RouteDeclaration } from '../../kernel/contract/route.js';
import { buildOpenApi } from '../http/openapi.js';
import { builtinPlugins } from '../../plugins/index.js';
import { routeTagsOf, SERVICE_DESCRIPTION, SERVICE_TITLE, SERVICE_VERSION } from './http-deps.js';

/** Path of the checked-in OpenAPI document, relative to the repository root. */
export const OPENAPI_DOC = 'docs/openapi.json';

/** Every built-in plugin's manifest, in name order (build-time use: all are imported). */
export async function builtinManifests(): Promise<PluginManifest[]> {
  const manifests: PluginManifest[] = [];
  for (const name of Object.keys(builtinPlugins).sort()) manifests.push((await builtinPlugins[name]!()).default as PluginManifest);
  return manifests;
}

/** The OpenAPI 3.0 document of a service with every built-in module enabled, as GET /api/openapi.json serves it. */
export async function builtinOpenApi(): Promise<string> {
  const manifests = await builtinManifests();
  const routes: { plugin: string; route: RouteDeclaration }[] = [];
  for (const manifest of manifests) for (const route of manifest.routes ?? []) routes.push({ plugin: manifest.name, route });
  return JSON.stringify(buildOpenApi(routes, { title: SERVICE_TITLE, version: SERVICE_VERSION, description: SERVICE_DESCRIPTION }, routeTagsOf(manifests)), null, 2) + '\n';
}
