import type { Kernel } from '../../kernel/boot/kernel.js';
import { Clock } from '../../ports/clock.js';
import { EventStream } from '../../ports/event-stream.js';
import { Ids } from '../../ports/ids.js';
import { Logger } from '../../ports/logger.js';
import { kernelEdge } from '../edge/kernel-edge.js';
import { operationAccess } from '../edge/operation-access.js';
import { routeParamSchemas } from '../edge/route-params.js';
import { createGraphqlAdapter, type GraphqlAdapter } from '../graphql/index.js';

/** The GraphQL adapter over a booted kernel's domains and ports (the server, tests and the bench share this wiring). */
export function kernelGraphql(kernel: Kernel, options: { readonly rateLimits?: boolean } = {}): GraphqlAdapter {
  const access = operationAccess(kernel.routes);
  const routeParams = routeParamSchemas(kernel.routes);
  return createGraphqlAdapter({
    domains: kernel.graphql,
    runtime: { resolve: (token) => kernel.get(token), inputOf: (token) => kernel.operationInputs.get(token) ?? routeParams.get(token), accessOf: (token) => access.get(token), events: kernel.get(EventStream) },
    edge: kernelEdge(kernel),
    clock: kernel.get(Clock),
    ids: kernel.get(Ids),
    logger: kernel.get(Logger),
    bodyLimitBytes: kernel.config.http.bodyLimitBytes,
    trustProxy: kernel.config.http.trustProxy,
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
  });
}
