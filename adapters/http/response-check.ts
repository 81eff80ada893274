import type { RouteDeclaration } from '../../kernel/contract/route.js';
import { AppError } from '../../kernel/errors/index.js';
import type { RenderedResponse } from '../edge/rendered-response.js';

/**
 * Tests' check that a route answers with the view it declares: the `data` of
 * every success body is parsed with the route's `response` schema (closed
 * views are strict objects, so an extra field fails too). On by the config
 * flag `http.checkResponses`, which only tests set: in a bank, a view that
 * drifted from its schema is a documentation bug, not a reason to refuse.
 */
export function checkResponse(declaration: RouteDeclaration, response: RenderedResponse): void {
  if (declaration.response === undefined || response.body === '') return;
  const { data } = JSON.parse(response.body) as { data: unknown };
  const result = declaration.response.safeParse(data);
  if (result.success) return;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
  throw new AppError(
    500,
    'response_view_mismatch',
    'Response does not match its view',
    `${declaration.method} ${declaration.path} answered data its response schema refuses: ${issues}`,
  );
}
