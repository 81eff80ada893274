import type { Kernel } from '../../kernel/boot/kernel.js';
import type { PluginManifest } from '../../kernel/contract/plugin.js';
import type { Operation } from '../../kernel/contract/route.js';
import type { Token } from '../../kernel/contract/token.js';
import { Clock } from '../../ports/clock.js';
import { EventStream } from '../../ports/event-stream.js';
import { Ids } from '../../ports/ids.js';
import { Logger } from '../../ports/logger.js';
import { UnitOfWork } from '../../ports/unit-of-work.js';
import { createDashboardPage } from '../dashboard-page/dashboard-page.js';
import type { FeedOptions, FeedTimers } from '../dashboard-page/change-feed.js';
import type { Edge } from '../edge/edge.js';
import type { HttpExtension } from '../edge/http-extension.js';
import { kernelEdge } from '../edge/kernel-edge.js';
import type { createHttpApi } from '../http/http-api.js';
import type { OpenApiTagEntry } from '../http/openapi.js';
import type { GraphqlAdapter } from '../graphql/index.js';
import { createMetricsExtension } from '../metrics/metrics-extension.js';
import { MetricsRegistry } from '../metrics/prom-meter.js';
import { kernelGraphql } from './graphql-deps.js';
import { kernelReadiness } from './readiness.js';
import type { StoreBundle } from '../store.js';

export const SERVICE_TITLE = 'Open Bank API';
export const SERVICE_VERSION = '0.1.0';
/** The OpenAPI document's introduction (Markdown): what holds for every operation. */
export const SERVICE_DESCRIPTION = [
  "The REST API of Open Bank. Send `Authorization: Bearer fak_…` (Authorize, on the reference page); a key sees and changes only its own team's data, and another team's id answers 404 as an unknown one does.",
  'Every answer is an envelope: `{"data": …}`, lists with `meta` and `links` (`page` and `per_page`, some also by cursor with `starting_after` / `ending_before`), or `{"errors": [{status, code, title, detail, source}]}` with a stable `code` and, for bad input, a JSON pointer or the parameter at fault.',
  'Amounts are decimal strings at the asset\'s precision, never JSON numbers. A POST with an `Idempotency-Key` is safe to retry. Each key has a rate limit (429 with `Retry-After`).',
  'Most operations are also served over GraphQL at `/api/graphql` (playground at `/api/graphql-playground`).',
].join('\n\n');

/**
 * Everything the HTTP adapter needs, taken from a booted kernel. A caller
 * that keeps a handle on the GraphQL adapter (tests, the bench) passes its
 * own; otherwise one is built here — once either way, since composing the
 * schema is the costly part.
 */
export function httpDeps(kernel: Kernel, store: StoreBundle, graphql: GraphqlAdapter = kernelGraphql(kernel)): Parameters<typeof createHttpApi>[0] {
  const unitOfWork = kernel.get(UnitOfWork);
  const edge = kernelEdge(kernel);
  return {
    routes: kernel.routes,
    operation: (token: Token<Operation>) => kernel.get(token),
    edge,
    clock: kernel.get(Clock),
    ids: kernel.get(Ids),
    logger: kernel.get(Logger),
    http: kernel.config.http,
    environment: kernel.config.environment,
    openapi: { title: SERVICE_TITLE, version: SERVICE_VERSION, description: SERVICE_DESCRIPTION, tags: routeTagsOf(kernel.plugins.map(({ manifest }) => manifest)) },
    extensions: [
      graphql,
      ...(kernel.config.metrics.enabled ? [metricsExtension(kernel, store, edge)] : []),
      ...(dashboardEnabled(kernel) ? [dashboardPage(kernel, edge)] : []),
    ],
    readiness: kernelReadiness(kernel),
    health: async () => {
      await unitOfWork.run(async () => undefined);
      return {
        status: 'ok',
        version: SERVICE_VERSION,
        store: store.kind,
        modules: kernel.plugins.map(({ manifest }) => ({ name: manifest.name, version: manifest.version })),
      };
    },
  };
}

/** The OpenAPI tags the plugins describe, each with its plugin's name. */
export function routeTagsOf(manifests: readonly PluginManifest[]): OpenApiTagEntry[] {
  return manifests.flatMap((manifest) => (manifest.routeTags ?? []).map((tag) => ({ plugin: manifest.name, tag })));
}

/** Whether the dashboard module runs here: its page and stream come with it. */
export function dashboardEnabled(kernel: Kernel): boolean {
  return kernel.plugins.some(({ manifest }) => manifest.name === 'dashboard');
}

/**
 * GET /dashboard, its assets and its change stream (docs/dashboard.md). The
 * stream asks of a key what the dashboard's JSON routes ask (their declared
 * access), so it follows them if their access changes.
 */
export function dashboardPage(kernel: Kernel, edge: Edge = kernelEdge(kernel), options: { timers?: FeedTimers; feed?: FeedOptions } = {}): HttpExtension {
  const metricsRoute = kernel.routes.find(({ plugin, route }) => plugin === 'dashboard' && route.path === '/live-dashboard/metrics');
  return createDashboardPage({
    authenticator: edge.authenticator,
    events: kernel.get(EventStream),
    access: metricsRoute?.route.access ?? 'operator',
    ...options,
  });
}

/** GET /metrics over the kernel's registry (docs/metrics.md). */
function metricsExtension(kernel: Kernel, store: StoreBundle, edge: Edge): HttpExtension {
  return createMetricsExtension({
    registry: kernel.get(MetricsRegistry),
    config: kernel.config.metrics,
    authenticator: edge.authenticator,
    events: kernel.get(EventStream),
    consumers: store.consumers,
    logger: kernel.get(Logger),
    poolUsage: store.poolUsage,
  });
}
