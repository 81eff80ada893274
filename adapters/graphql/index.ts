import type { Token } from '../../kernel/contract/token.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import { clientAddress, proxyTrust } from '../edge/client-address.js';
import type { Edge } from '../edge/edge.js';
import type { HttpExtension } from '../edge/http-extension.js';
import { ListeningCounter, type GraphqlRuntime } from './context.js';
import { OperationPreparer } from './execute.js';
import { graphqlPostHandler } from './http-endpoint.js';
import { playgroundRoutes } from './playground.js';
import { GraphqlRateLimits } from './rate-limits.js';
import { composeSchema, type DomainEntry } from './schema.js';
import { createSubscriptionServer } from './subscriptions.js';

export interface GraphqlAdapterDeps {
  readonly domains: readonly DomainEntry[];
  readonly runtime: Omit<GraphqlRuntime, 'invoker'>;
  /** Authentication and the one way into an operation, shared with REST (Idempotency-Key on mutations: the same store and rules). */
  readonly edge: Edge;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  readonly bodyLimitBytes: number;
  /** http.trustProxy: subscriptions take the client address by the same rule as REST. */
  readonly trustProxy: boolean | string;
  /** The spec's request limits per minute (default on; the benchmark turns them off). */
  readonly rateLimits?: boolean;
}

/**
 * The GraphQL adapter as an extension of the HTTP server: POST /api/graphql
 * and /graphql, the playground, and graphql-ws upgrades at /api/graphql.
 * One schema, one preparer (limits) and one set of rate limits serve both.
 */
export interface GraphqlAdapter extends HttpExtension {
  /** Subscriptions currently listening to the live event stream. */
  listening(): number;
}

export function createGraphqlAdapter(deps: GraphqlAdapterDeps): GraphqlAdapter {
  const schema = composeSchema(deps.domains);
  const preparer = new OperationPreparer(schema);
  const limits = new GraphqlRateLimits(() => deps.clock.now().getTime(), deps.rateLimits ?? true);
  const counter = new ListeningCounter();
  const runtime: GraphqlRuntime = { ...deps.runtime, resolve: resolvedOnce(deps.runtime.resolve), events: counter.wrap(deps.runtime.events), invoker: deps.edge.invoker };
  const shared = { schema, preparer, runtime, authenticator: deps.edge.authenticator, ...(deps.edge.gate ? { gate: deps.edge.gate } : {}), limits, logger: deps.logger };
  const trust = proxyTrust(deps.trustProxy);
  const post = graphqlPostHandler({ ...shared, bodyLimitBytes: deps.bodyLimitBytes, trust });
  const ws = createSubscriptionServer({
    ...shared,
    // The stream itself, not the counted one: the revocation listener is no subscription.
    keyEvents: deps.runtime.events,
    ids: deps.ids,
    clock: deps.clock,
    clientAddress: (req) => clientAddress(req, trust),
  });
  return {
    routes: [
      // Served without express by the REST adapter's route table (node), through express otherwise (HEAD never applies).
      { method: 'POST', path: '/api/graphql', owner: 'graphql', handler: post, node: post },
      { method: 'POST', path: '/graphql', owner: 'graphql', handler: post, node: post },
      ...playgroundRoutes(),
    ],
    upgrade: ws.upgrade,
    close: ws.close,
    listening: () => counter.count,
  };
}

/**
 * The kernel's bindings are singletons and REST resolves each route's operation once, when mounting it; a resolver
 * context asks for its operations (and the asset catalogue) on every request, so each is looked up in the container once.
 */
function resolvedOnce(resolve: GraphqlRuntime['resolve']): GraphqlRuntime['resolve'] {
  const resolved = new Map<Token<unknown>, unknown>();
  return <T>(token: Token<T>): T => {
    if (!resolved.has(token)) resolved.set(token, resolve(token));
    return resolved.get(token) as T;
  };
}
