import { AppError, RateLimitedError, ServiceBusyError, type ErrorObject } from '../../kernel/errors/index.js';
import { MalformedRequestError } from '../edge/body-errors.js';

/** HTTP-only failures; domain failures come from kernel/errors. */
export class RouteNotFoundError extends AppError {
  constructor(method: string, path: string) {
    super(404, 'route_not_found', 'Route not found', `No route matches ${method} ${path}.`);
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(
    method: string,
    readonly allowed: readonly string[],
  ) {
    super(
      405,
      'method_not_allowed',
      'Method not allowed',
      `${method} is not allowed here; allowed: ${allowed.join(', ')}.`,
    );
  }
}

export class InternalError extends AppError {
  constructor(requestId: string) {
    super(
      500,
      'internal_error',
      'Internal error',
      `The service failed to handle the request. Quote request id ${requestId} when reporting it.`,
    );
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(detail: string) {
    super(503, 'service_unavailable', 'Service unavailable', detail);
  }
}

/** What to send for a failure: status, extra headers and the error objects. */
export interface ErrorResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly errors: ErrorObject[];
}

export function errorResponse(error: AppError): ErrorResponse {
  const headers: Record<string, string> = {};
  if (error instanceof RateLimitedError || error instanceof ServiceBusyError) headers['Retry-After'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  if (error.status === 401) headers['WWW-Authenticate'] = 'Bearer realm="api"';
  if (error instanceof MethodNotAllowedError) headers['Allow'] = error.allowed.join(', ');
  return { status: error.status, headers, errors: error.toObjects() };
}

/**
 * Maps errors raised by express itself (the router failing to decode a path
 * parameter, for instance) to client errors. Such errors carry an http-errors
 * style `status` below 500 and `expose: true`. Anything else is not mapped.
 */
export function fromFrameworkError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof URIError) return new MalformedRequestError('The request path has malformed percent-encoding.', 'malformed_path');
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown };
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499 || candidate.expose !== true) return undefined;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (status === 400 && /decode param/i.test(message)) {
    return new MalformedRequestError('The request path has malformed percent-encoding.', 'malformed_path');
  }
  return new AppError(status, 'bad_request', 'Bad request', 'The request could not be processed.');
}
