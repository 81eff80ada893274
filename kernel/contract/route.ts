import type { ZodType } from 'zod';
import type { RequestContext } from './context.js';
import type { Page } from './page.js';
import type { Token } from './token.js';

/**
 * An operation is the one entry point to a use case. REST routes, GraphQL
 * resolvers and the CLI all call the same operation with the same flat input
 * (path params, query and body merged after validation).
 */
export interface Operation<I = any, O = any> {
  execute(input: I, ctx: RequestContext): Promise<O>;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route is mounted: /api/v1, /api/v2, or /api itself ('root'). */
export type ApiPrefix = 'v1' | 'v2' | 'root';

/**
 * Who may call: 'public' needs no key; read/write/delete need that key
 * permission; 'operator' needs the bank operator key.
 */
export type RouteAccess = 'public' | 'read' | 'write' | 'delete' | 'operator';

export interface RouteDeclaration {
  readonly method: HttpMethod;
  /** Express-style path below the prefix, e.g. '/accounts/:id/deposit'. */
  readonly path: string;
  readonly prefixes: readonly ApiPrefix[];
  readonly access: RouteAccess;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /**
   * The view `data` carries: documented in OpenAPI, and checked against every
   * response when `http.checkResponses` is on (the tests' setting).
   */
  readonly response?: ZodType;
  readonly status?: 200 | 201 | 202 | 204;
  /**
   * The response carries a secret shown once and stored only as a hash (a new
   * API key). With an Idempotency-Key only the request's hash is saved, so
   * the secret never rests in the idempotency store; a replay is 409.
   */
  readonly responseHasSecret?: boolean;
  /**
   * The largest body this route accepts, when it needs more than the
   * service's `http.bodyLimitBytes` (a batch of a thousand items); a value
   * below the service's limit changes nothing.
   */
  readonly bodyLimitBytes?: number;
  /**
   * The route answers a file (its operation returns a FileAnswer), not the
   * JSON envelope: the media types it may send, for the OpenAPI document.
   */
  readonly produces?: readonly string[];
  readonly operation: Token<Operation>;
  /**
   * The OpenAPI operationId. Default: the operation token's id without the
   * plugin, camelCased ('core-banking.create-transfer' → 'createTransfer');
   * set it where that reads poorly or one operation serves two routes.
   */
  readonly operationId?: string;
  readonly summary: string;
  /** What the operation does, who may call it, its notable errors, idempotency and paging: the reference page shows it under the summary. */
  readonly description?: string;
  /** OpenAPI tags grouping the route; the plugin describes each once in its manifest's `routeTags`. */
  readonly tags: readonly string[];
}

/** An OpenAPI tag with the description the reference page shows above its operations. */
export interface RouteTag {
  readonly name: string;
  readonly description: string;
}

/** What a route answers for an operation's output: a Page is rendered as the array of its items. */
type Answer<O> = O extends Page<infer T> ? T[] : O;

/**
 * Declares a route. The response schema must describe what the operation
 * returns (a Page as the array of its items), so a view and its schema cannot
 * drift apart at compile time.
 */
export function route<I, O>(
  declaration: RouteDeclaration & { readonly operation: Token<Operation<I, O>>; readonly response?: ZodType<Answer<O>> },
): RouteDeclaration {
  return declaration;
}
