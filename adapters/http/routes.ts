import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiPrefix, HttpMethod, RouteDeclaration } from '../../kernel/contract/route.js';
import { MethodNotAllowedError, RouteNotFoundError } from './errors.js';
import type { MountedRoute } from '../edge/http-extension.js';
import { allowedMethodsOf, allowMethods } from './request-state.js';

export const API_ROOT = '/api';

export function prefixPath(prefix: ApiPrefix): string {
  return prefix === 'root' ? API_ROOT : `${API_ROOT}/${prefix}`;
}

/** Every (route, prefix) pair as a full path; refuses two owners of one method and path. */
export function expandRoutes(
  routes: readonly { readonly plugin: string; readonly route: RouteDeclaration }[],
): { plugin: string; route: RouteDeclaration; path: string }[] {
  const expanded: { plugin: string; route: RouteDeclaration; path: string }[] = [];
  for (const { plugin, route } of routes) {
    for (const prefix of new Set(route.prefixes)) {
      expanded.push({ plugin, route, path: prefixPath(prefix) + normalisePath(route.path) });
    }
  }
  return expanded;
}

function normalisePath(path: string): string {
  if (path === '' || path === '/') return '';
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Mounts the handlers, then for each path a pass-through that records which
 * methods it allows, then 404/405: a request that matched no handler but
 * matched a path gets 405 with Allow; otherwise 404 route_not_found.
 */
export function mountRoutes(app: Express, mounted: readonly MountedRoute[]): void {
  const seen = new Map<string, string>();
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of mounted) {
    const id = `${route.method} ${route.path.toLowerCase()}`;
    const previous = seen.get(id);
    if (previous !== undefined) {
      throw new Error(`HTTP route ${route.method} ${route.path} is declared by both ${previous} and ${route.owner}.`);
    }
    seen.set(id, route.owner);
    const methods = methodsByPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    methodsByPath.set(route.path, methods);
  }

  for (const route of mounted) {
    const handler: RequestHandler = (req, res, next) => {
      Promise.resolve(route.handler(req, res)).catch(next);
    };
    app[verb(route.method)](route.path, handler);
  }

  for (const [path, methods] of methodsByPath) {
    const allowed = [...methods, 'OPTIONS'];
    app.all(path, (_req: Request, res: Response, next: NextFunction) => {
      allowMethods(res, allowed);
      next();
    });
  }

  app.use((req: Request, res: Response, next: NextFunction) => {
    const allowed = allowedMethodsOf(res);
    if (allowed.length === 0) {
      next(new RouteNotFoundError(req.method, pathOf(req.originalUrl)));
      return;
    }
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allowed.join(', '));
      res.status(204).end();
      return;
    }
    next(new MethodNotAllowedError(req.method, allowed));
  });
}

function verb(method: HttpMethod): 'get' | 'post' | 'put' | 'patch' | 'delete' {
  return method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
}

/** The path for messages: without the query, shortened. */
function pathOf(target: string): string {
  const path = target.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}
