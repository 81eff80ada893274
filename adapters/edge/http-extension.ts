import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request, RequestHandler, Response } from 'express';
import type { HttpMethod } from '../../kernel/contract/route.js';

/** One mounted handler: a method on a full path such as '/api/v2/accounts/:id'. */
export interface MountedRoute {
  readonly method: HttpMethod;
  readonly path: string;
  readonly owner: string;
  readonly handler: (req: Request, res: Response) => Promise<void> | void;
}

/**
 * A driving adapter that shares the REST adapter's HTTP server (GraphQL):
 * its routes, WebSocket upgrades and shutdown. Declared here so neither
 * adapter imports the other.
 */
export interface HttpExtension {
  readonly routes: readonly MountedRoute[];
  /** Sees every request before routing (metrics); it must call next(). */
  readonly middleware?: RequestHandler;
  /** Takes an upgrade request it serves and returns true; false leaves it to others. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Runs when the server starts closing (end long-lived connections). */
  close?(): Promise<void>;
}
