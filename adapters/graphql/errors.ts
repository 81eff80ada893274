import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError } from '../../kernel/errors/index.js';
import type { Logger } from '../../ports/logger.js';

/**
 * GraphQL errors in one place. A kernel AppError keeps its detail as the
 * message and its code, HTTP-equivalent status and source as extensions;
 * anything unexpected is logged and answered with the request id only, never
 * with internals.
 */
export function formatError(error: GraphQLError, requestId: string, logger: Logger): GraphQLFormattedError {
  const original = error.originalError;
  if (original instanceof AppError) {
    const [first] = original.toObjects();
    return {
      message: original.message,
      ...(error.locations ? { locations: error.locations } : {}),
      ...(error.path ? { path: error.path } : {}),
      extensions: {
        code: original.code,
        status: original.status,
        ...(first?.source ? { source: first.source } : {}),
        ...(original.toObjects().length > 1 ? { errors: original.toObjects() } : {}),
      },
    };
  }
  if (original && !(original instanceof GraphQLError)) {
    logger.error('graphql.unhandled_error', { requestId, path: error.path?.join('.'), error: original });
    return {
      message: `The service failed to resolve this field. Quote request id ${requestId} when reporting it.`,
      ...(error.locations ? { locations: error.locations } : {}),
      ...(error.path ? { path: error.path } : {}),
      extensions: { code: 'internal_error', status: 500 },
    };
  }
  const formatted = error.toJSON();
  return { ...formatted, extensions: { code: 'graphql_error', ...formatted.extensions } };
}
