import { z, type ZodType } from 'zod';
import type { RouteDeclaration } from '../../kernel/contract/route.js';
import type { Token } from '../../kernel/contract/token.js';

/**
 * The path parameters of each operation's REST route as a schema for the
 * whole input: the route's params object (ids, codes) with every other key
 * passed through untouched. GraphQL reaches operations by token with one input
 * object; where an operation declares no input schema of its own in the
 * manifest, GraphQL validates with this one, so a malformed id is the same 422
 * as in a REST path and never reaches a store (PostgreSQL refuses a malformed
 * uuid with an error of its own). Query and body parts are left to the
 * resolver's GraphQL types: REST reads them from strings (page sizes are
 * coerced there), GraphQL already types them.
 */
export function routeParamSchemas(routes: readonly { readonly route: RouteDeclaration }[]): ReadonlyMap<Token<unknown>, ZodType> {
  const schemas = new Map<Token<unknown>, ZodType>();
  for (const { route } of routes) {
    if (schemas.has(route.operation) || !(route.params instanceof z.ZodObject)) continue;
    schemas.set(route.operation, z.looseObject(route.params.shape));
  }
  return schemas;
}
