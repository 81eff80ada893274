import type { Kernel } from '../../kernel/boot/kernel.js';
import type { SdkGenerator } from '../../ports/sdk-generator.js';
import { buildOpenApi } from '../http/openapi.js';
import { OfflineSdkGenerator } from '../sdk/offline-sdk-generator.js';
import { clientSchema } from './client-docs.js';
import { routeTagsOf, SERVICE_DESCRIPTION, SERVICE_TITLE, SERVICE_VERSION } from './http-deps.js';

/**
 * The SdkGenerator of a running service: the OpenAPI document is the one
 * GET /api/openapi.json serves, built from the enabled plugins' routes
 * (built-in and BANK_PLUGINS alike) and narrowed to the chosen modules;
 * the TypeScript types come from the typed client's machinery
 * (openapi-typescript in scripts/client-codegen). The kernel is read at
 * generation time: the port is bound before the plugins load.
 */
export function serviceSdkGenerator(kernel: () => Kernel): SdkGenerator {
  return new OfflineSdkGenerator({
    modules: () => kernel().plugins.map(({ manifest }) => manifest.name),
    openApi: (modules) => {
      const chosen = new Set(modules);
      const { routes, plugins } = kernel();
      return buildOpenApi(
        routes.filter(({ plugin }) => chosen.has(plugin)),
        { title: SERVICE_TITLE, version: SERVICE_VERSION, description: SERVICE_DESCRIPTION },
        routeTagsOf(plugins.map(({ manifest }) => manifest).filter(({ name }) => chosen.has(name))),
      );
    },
    version: SERVICE_VERSION,
    typescriptSchema: clientSchema,
  });
}
