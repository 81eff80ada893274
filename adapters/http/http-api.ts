import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
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
import type { HttpExtension, HttpMiddleware, MountedRoute, RoutedRequest } from '../edge/http-extension.js';
import { TokenBucketLimiter } from '../edge/rate-limit.js';
import { requestIdOf, requestIdOfResponse, setRequestId } from '../edge/request-id.js';
import { withLogFields } from '../system/log-scope.js';
import { apiDocsRoutes } from './api-docs.js';
import { renderErrors, splitUrl } from './envelope.js';
import { errorResponse, fromFrameworkError, InternalError, ServiceUnavailableError } from './errors.js';
import { healthProbeRoutes, type Readiness } from './health-probes.js';
import type { HealthView } from './health-views.js';
import { buildOpenApi, type OpenApiTagEntry } from './openapi.js';
import { sendJson } from './respond.js';
import { originalUrlOf, routeHandler, sendFileAnswer, type DeclaredRouteHandler, type HttpResponse, type RouteServices } from './route-handler.js';
import { RouteTable, type TableMatch } from './route-table.js';
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
  const trust = proxyTrust(deps.http.trustProxy);
  app.set('trust proxy', trust);
  const middleware: HttpMiddleware[] = (deps.extensions ?? []).flatMap((extension) => (extension.middleware ? [extension.middleware] : []));
  for (const each of middleware) app.use(each);

  const services: RouteServices = {
    edge: deps.edge,
    limiter: new TokenBucketLimiter(deps.http.rateLimitPerMinute, () => deps.clock.now().getTime()),
    bodyLimitBytes: deps.http.bodyLimitBytes,
    trust,
    sendFile: (req, res, file) => sendFileAnswer(asExpress(app, req, res), file),
    checkResponses: deps.http.checkResponses,
  };
  const server = new HttpServer((req, res) => dispatch(req, res), deps.http, deps.logger);
  const logRequests = deps.environment !== 'test';

  /** Every request, served by express or not: its id (header, log scope), Connection: close while closing, one log line at the end. */
  const begin = (req: RoutedRequest, res: HttpResponse): string => {
    const requestId = requestIdOf(req.headers['x-request-id'], deps.ids);
    setRequestId(res, requestId);
    res.setHeader('X-Request-Id', requestId);
    if (server.isClosing) res.setHeader('Connection', 'close');
    const started = Date.now();
    res.on('finish', () => {
      server.responseFinished();
      if (logRequests) {
        // No bodies, no headers: the route pattern and the outcome. Health probes only at debug.
        const path = (originalUrlOf(req).split('?')[0] ?? '').slice(0, 200);
        deps.logger[path === `${API_ROOT}/health` ? 'debug' : 'info']('http.request', {
          requestId,
          method: req.method,
          route: req.route?.path,
          path,
          status: res.statusCode,
          ms: Date.now() - started,
        });
      }
    });
    return requestId;
  };
  // Whatever logs while this request is handled, down to the store, carries its id.
  app.use((req: Request, res: Response, next: NextFunction) => withLogFields({ requestId: begin(req, res) }, next));

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
  const declared = new Map<MountedRoute, DeclaredRouteHandler>();
  for (const { plugin, route, path } of expandRoutes(deps.routes)) {
    let operation: Operation;
    try {
      operation = deps.operation(route.operation);
    } catch (error) {
      throw new Error(
        `HTTP route ${route.method} ${path} of plugin ${plugin}: operation ${tokenId(route.operation)} is not bound (${describe(error)}).`,
      );
    }
    const handler = routeHandler(route, operation, services, { module: plugin, route: `${route.method} ${path}` });
    const viaExpress: MountedRoute = { method: route.method, path, owner: plugin, handler: (req, res) => handler(req, res, expressTarget(req)) };
    mounted.push(viaExpress);
    declared.set(viaExpress, handler);
  }
  for (const extension of deps.extensions ?? []) mounted.push(...extension.routes);
  server.onUpgrade((req, socket, head) => {
    for (const extension of deps.extensions ?? []) if (extension.upgrade?.(req, socket, head)) return;
    socket.destroy();
  });
  mountRoutes(app, mounted);
  // An extension's route that takes node's request and response (GraphQL's POST) is served directly too.
  const table = new RouteTable<DeclaredRouteHandler>(
    mounted.map((route) => ({ method: route.method, path: route.path, direct: declared.get(route) ?? route.node })),
  );

  const answerError = (error: unknown, req: IncomingMessage, res: HttpResponse): void => {
    const requestId = requestIdOfResponse(res);
    let known = fromFrameworkError(error);
    if (!known) {
      deps.logger.error('http.unhandled_error', {
        requestId,
        method: req.method,
        path: (originalUrlOf(req).split('?')[0] ?? '').slice(0, 200),
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
    sendJson(req, res, response.status, renderErrors(response.errors));
  };
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => answerError(error, req, res));

  /**
   * A declared route the table finds is served here, as express would serve
   * it (the extensions' middleware, the request id and log scope, the
   * handler, the same error answers), without express's per-request work;
   * everything else goes to express.
   */
  const dispatch = (req: IncomingMessage, res: ServerResponse): void => {
    const match = table.find(req.method, req.url);
    if (match) serveDirect(match, req as RoutedRequest, res as HttpResponse);
    else app(req, res);
  };
  const serveDirect = (match: TableMatch<DeclaredRouteHandler>, req: RoutedRequest, res: HttpResponse): void => {
    // What express gives every request and its metrics and log line read: locals and the matched route's path.
    (res as { locals: object }).locals = Object.create(null) as object;
    req.route = { path: match.template };
    const target = { pathname: match.pathname, search: match.query ?? '', params: match.params, query: parseQuery(match.query ?? '') };
    const fail = (error: unknown): void => answerError(error ?? new Error('Rejected promise'), req, res);
    const run = (index: number): void => {
      try {
        if (index < middleware.length) {
          // As express's next: no error (or 'route') goes on, anything else is answered as an error.
          const next = (error?: unknown) => (!error || error === 'route' ? run(index + 1) : fail(error));
          const result: unknown = middleware[index]!(req, res, next);
          if (result instanceof Promise) result.catch(fail);
          return;
        }
        const requestId = begin(req, res);
        withLogFields({ requestId }, () => match.handler(req, res, target).catch(fail));
      } catch (error) {
        fail(error);
      }
    };
    run(0);
  };

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

/** What express's router found for a declared route it serves (HEAD, and targets the route table leaves to it). */
function expressTarget(req: Request): { pathname: string; search: string; params: Record<string, string>; query: Record<string, unknown> } {
  return { pathname: req.path, search: splitUrl(req.originalUrl).search, params: req.params as Record<string, string>, query: req.query as Record<string, unknown> };
}

/**
 * Makes a request served without express an express one, as express's own
 * app.handle does, for the rare answer that needs express's rules (a
 * FileAnswer's media type); a response express already serves is returned as it is.
 */
function asExpress(app: Express, req: IncomingMessage, res: HttpResponse): Response {
  if (Object.getPrototypeOf(res) !== app.response) {
    Object.assign(req, { res });
    Object.assign(res, { req });
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
  }
  return res as unknown as Response;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}
