import type { Kernel } from '../../kernel/boot/kernel.js';
import { Clock } from '../../ports/clock.js';
import { EventStream } from '../../ports/event-stream.js';
import { Ids } from '../../ports/ids.js';
import { Logger } from '../../ports/logger.js';
import { kernelEdge } from '../edge/kernel-edge.js';
import { operationAccess } from '../edge/operation-access.js';
import { operationInputValidators } from '../edge/operation-input.js';
import { createGraphqlAdapter, type GraphqlAdapter } from '../graphql/index.js';
import { expandRoutes } from '../http/routes.js';
import type { Token } from '../../kernel/contract/token.js';

/** Each operation's module and mounted REST routes, as the REST adapter hands them to the CallGate. */
function operationRoutes(kernel: Kernel): ReadonlyMap<Token<unknown>, readonly { module: string; route: string }[]> {
  const routes = new Map<Token<unknown>, { module: string; route: string }[]>();
  for (const { plugin, route, path } of expandRoutes(kernel.routes)) {
    const list = routes.get(route.operation) ?? [];
    list.push({ module: plugin, route: `${route.method} ${path}` });
    routes.set(route.operation, list);
  }
  return routes;
}

/** The GraphQL adapter over a booted kernel's domains and ports (the server, tests and the bench share this wiring). */
export function kernelGraphql(kernel: Kernel, options: { readonly rateLimits?: boolean } = {}): GraphqlAdapter {
  const access = operationAccess(kernel.routes);
  const validators = operationInputValidators(kernel.routes, kernel.operationInputs);
  const routes = operationRoutes(kernel);
  return createGraphqlAdapter({
    domains: kernel.graphql,
    runtime: { resolve: (token) => kernel.get(token), validatorOf: (token) => validators.get(token), accessOf: (token) => access.get(token), routesOf: (token) => routes.get(token) ?? [], events: kernel.get(EventStream) },
    edge: kernelEdge(kernel),
    clock: kernel.get(Clock),
    ids: kernel.get(Ids),
    logger: kernel.get(Logger),
    bodyLimitBytes: kernel.config.http.bodyLimitBytes,
    trustProxy: kernel.config.http.trustProxy,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
  });
}
