import type { RouteAccess, RouteDeclaration } from '../../kernel/contract/route.js';
import type { Token } from '../../kernel/contract/token.js';

const STRICTNESS: Record<RouteAccess, number> = { public: 0, read: 1, write: 2, delete: 3, operator: 4 };

/**
 * The access each operation needs, from the REST routes that name it (the
 * strictest where several do). Access is declared on routes, so GraphQL and
 * the CLI, which reach the same operations by token, look it up here: a field
 * that runs an operator's operation needs the operator key, as its route does.
 */
export function operationAccess(routes: readonly { readonly route: RouteDeclaration }[]): ReadonlyMap<Token<unknown>, RouteAccess> {
  const access = new Map<Token<unknown>, RouteAccess>();
  for (const { route } of routes) {
    const known = access.get(route.operation);
    if (known === undefined || STRICTNESS[route.access] > STRICTNESS[known]) access.set(route.operation, route.access);
  }
  return access;
}
