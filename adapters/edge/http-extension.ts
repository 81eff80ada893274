import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, Response } from 'express';
import type { HttpMethod } from '../../kernel/contract/route.js';
import type { ResponseWithLocals } from './request-id.js';

/** One mounted handler: a method on a full path such as '/api/v2/accounts/:id'. */
export interface MountedRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly owner: string;
  readonly handler: (req: Request, res: Response) => Promise<void> | void;
  /**
   * The same handler on node's request and response (it reads no express property): the REST adapter's route
   * table then serves the route without express, as it serves declared routes (adapters/http/route-table.ts).
   */
  readonly node?: (req: IncomingMessage, res: ServerResponse & ResponseWithLocals) => Promise<void>;
}

/** A request with the route that took it, as express's req.route (set before the route runs by the REST adapter's route table). */
export interface RoutedRequest extends IncomingMessage {
  route?: { readonly path?: unknown };
}

/**
 * Middleware that sees every request before routing (metrics). It gets node's
 * request and response: the REST adapter serves its declared routes without
 * express (adapters/http/route-table.ts), express serves the rest. It must
 * call next().
 */
export type HttpMiddleware = (req: RoutedRequest, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * A driving adapter that shares the REST adapter's HTTP server (GraphQL):
 * its routes, WebSocket upgrades and shutdown. Declared here so neither
 * adapter imports the other.
 */
export interface HttpExtension {
  readonly routes: readonly MountedRoute[];
  /** Sees every request before routing (metrics); it must call next(). */
  readonly middleware?: HttpMiddleware;
  /** Takes an upgrade request it serves and returns true; false leaves it to others. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Runs when the server starts closing (end long-lived connections). */
  close?(): Promise<void>;
}
