import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Operation, RouteDeclaration } from '../../kernel/contract/route.js';
import type { Token } from '../../kernel/contract/token.js';
import { tokenId } from '../../kernel/contract/token.js';
import type { KernelConfig } from '../../config/schema.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import { proxyTrust } from '../edge/client-address.js';
import type { Edge } from '../edge/edge.js';
import type { HttpExtension, MountedRoute } from '../edge/http-extension.js';
import { TokenBucketLimiter } from '../edge/rate-limit.js';
import { requestIdOf, requestIdOfResponse, setRequestId } from '../edge/request-id.js';
import { withLogFields } from '../system/log-scope.js';
import { apiDocsRoutes } from './api-docs.js';
import { renderErrors } from './envelope.js';
import { errorResponse, fromFrameworkError, InternalError, ServiceUnavailableError } from './errors.js';
import { healthProbeRoutes, type Readiness } from './health-probes.js';
import type { HealthView } from './health-views.js';
import { buildOpenApi, type OpenApiTagEntry } from './openapi.js';
import { routeHandler, type RouteServices } from './route-handler.js';
import { API_ROOT, expandRoutes, mountRoutes } from './routes.js';
import { HttpServer } from './server.js';

export interface HttpRouteEntry {
  readonly plugin: string;
  readonly route: RouteDeclaration;
}

export interface HttpApiDeps {
  readonly routes: readonly HttpRouteEntry[];
  /** Resolves a route's operation token (called once per route at creation). */
  operation(token: Token<Operation>): Operation;
  /** Authentication and the one way into an operation, shared with the other driving adapters. */
  readonly edge: Edge;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly logger: Logger;
  readonly http: KernelConfig['http'];
  readonly environment: KernelConfig['environment'];
  /** Data for GET /api/health. */
  health(): Promise<HealthView>;
  /** The checks of GET /api/health/ready besides the adapter's own (not shutting down). */
  readonly readiness: Readiness;
  /** The document's title and version, and the tags the enabled plugins describe. */
  readonly openapi: { readonly title: string; readonly version: string; readonly description?: string; readonly tags?: readonly OpenApiTagEntry[] };
  /** Other driving adapters sharing this server (GraphQL): their routes, WebSocket upgrades and shutdown. */
  readonly extensions?: readonly HttpExtension[];
}

export interface HttpApi {
  readonly app: Express;
  listen(port: number, host?: string): Promise<{ port: number }>;
  /** From now on /api/health/ready answers 503 while everything else is still served, so a balancer drains this process before close(). */
  beginShutdown(): void;
  close(): Promise<void>;
}

/**
 * The REST adapter: every declared route under /api/v1, /api/v2 or /api, plus
 * GET /api/health (with its live and ready probes), GET /api/openapi.json and the reference page
 * GET /api/docs rendering it, with the envelope, errors,
 * authentication, rate limits and idempotency described in docs/http.md.
 */
export function createHttpApi(deps: HttpApiDeps): HttpApi {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Paths match exactly as declared (docs/http.md): `/API/V2/...` or a trailing slash is another path, so 404.
  // Set before the first route: express builds its router, with these options, on first use.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // One rule for req.ip and for WebSocket upgrades, which do not pass through express (client-address.ts).
  app.set('trust proxy', proxyTrust(deps.http.trustProxy));
  for (const extension of deps.extensions ?? []) if (extension.middleware) app.use(extension.middleware);

  const services: RouteServices = {
    edge: deps.edge,
    limiter: new TokenBucketLimiter(deps.http.rateLimitPerMinute, () => deps.clock.now().getTime()),
    bodyLimitBytes: deps.http.bodyLimitBytes,
    checkResponses: deps.http.checkResponses,
  };
  const server = new HttpServer(app, deps.http, deps.logger);
  const logRequests = deps.environment !== 'test';

  app.use((req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdOf(req.headers['x-request-id'], deps.ids);
    setRequestId(res, requestId);
    res.setHeader('X-Request-Id', requestId);
    if (server.isClosing) res.setHeader('Connection', 'close');
    const started = Date.now();
    res.on('finish', () => {
      server.responseFinished();
      if (logRequests) {
        // No bodies, no headers: the route pattern and the outcome. Health probes only at debug.
        const path = (req.originalUrl.split('?')[0] ?? '').slice(0, 200);
        deps.logger[path === `${API_ROOT}/health` ? 'debug' : 'info']('http.request', {
          requestId,
          method: req.method,
          route: (req.route as { path?: string } | undefined)?.path,
          path,
          status: res.statusCode,
          ms: Date.now() - started,
        });
      }
    });
    // Whatever logs while this request is handled, down to the store, carries its id.
    withLogFields({ requestId }, next);
  });

  let openApiText: string | undefined;
  let shuttingDown = false;
  const mounted: MountedRoute[] = [
    {
      method: 'GET',
      path: `${API_ROOT}/health`,
      owner: 'http',
      handler: async (_req, res) => {
        let data: HealthView;
        try {
          data = await deps.health();
        } catch (error) {
          deps.logger.error('http.health_failed', { requestId: requestIdOfResponse(res), error });
          throw new ServiceUnavailableError('The service is not healthy.');
        }
        res.status(200).type('application/json; charset=utf-8').send(JSON.stringify({ data }));
      },
    },
    ...healthProbeRoutes(deps.readiness, () => shuttingDown || server.isClosing, deps.logger),
    {
      method: 'GET',
      path: `${API_ROOT}/openapi.json`,
      owner: 'http',
      handler: (_req, res) => {
        openApiText ??= JSON.stringify(buildOpenApi(deps.routes, deps.openapi, deps.openapi.tags));
        res.status(200).type('application/json; charset=utf-8').send(openApiText);
      },
    },
    ...apiDocsRoutes(),
  ];
  for (const { plugin, route, path } of expandRoutes(deps.routes)) {
    let operation: Operation;
    try {
      operation = deps.operation(route.operation);
    } catch (error) {
      throw new Error(
        `HTTP route ${route.method} ${path} of plugin ${plugin}: operation ${tokenId(route.operation)} is not bound (${describe(error)}).`,
      );
    }
    mounted.push({ method: route.method, path, owner: plugin, handler: routeHandler(route, operation, services, { module: plugin, route: `${route.method} ${path}` }) });
  }
  for (const extension of deps.extensions ?? []) mounted.push(...extension.routes);
  server.onUpgrade((req, socket, head) => {
    for (const extension of deps.extensions ?? []) if (extension.upgrade?.(req, socket, head)) return;
    socket.destroy();
  });
  mountRoutes(app, mounted);

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const requestId = requestIdOfResponse(res);
    let known = fromFrameworkError(error);
    if (!known) {
      deps.logger.error('http.unhandled_error', {
        requestId,
        method: req.method,
        path: (req.originalUrl.split('?')[0] ?? '').slice(0, 200),
        error,
      });
      known = new InternalError(requestId);
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const response = errorResponse(known);
    for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
    // A body we did not read (413, 415, an early 401) is not worth draining: close the connection.
    if (!req.complete) res.setHeader('Connection', 'close');
    res.status(response.status).type('application/json; charset=utf-8').send(renderErrors(response.errors));
  });

  return {
    app,
    listen: (port, host) => server.listen(port, host),
    beginShutdown: () => {
      shuttingDown = true;
    },
    close: async () => {
      await Promise.all((deps.extensions ?? []).map((extension) => extension.close?.()));
      await server.close();
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
