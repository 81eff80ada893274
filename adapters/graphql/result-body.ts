import type { ServerResponse } from 'node:http';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError } from 'graphql';

export interface ResultBody {
  readonly status: number;
  readonly body: string;
  /** The result carries errors: a keyed mutation is rolled back and nothing is saved for its key. */
  readonly failed: boolean;
}

/**
 * An execution result as the HTTP answer. An answer longer than the longest
 * string the engine can build makes JSON.stringify throw a RangeError: that is
 * the query asking for too much, so it is a 400 naming the limit, never a 500.
 * The query limits keep such answers out of reach; this holds if a road around
 * them is ever found.
 */
export function resultBody(result: ExecutionResult, format: (error: GraphQLError) => GraphQLFormattedError): ResultBody {
  // Bad variable values fail before execution: no data at all, a client error.
  const status = result.data === undefined && result.errors ? 400 : 200;
  try {
    // The common answer, data without errors, written around the data's own text (no wrapper object to build and walk).
    const body =
      result.errors === undefined && result.data !== undefined
        ? `{"data":${JSON.stringify(result.data)}}`
        : JSON.stringify({
            ...(result.errors ? { errors: result.errors.map(format) } : {}),
            ...(result.data !== undefined ? { data: result.data } : {}),
          });
    return { status, body, failed: result.errors !== undefined };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const tooLarge = new GraphQLError('The answer is too large to send as one JSON document; select fewer fields or smaller pages.', {
      extensions: { code: 'response_too_large', limit: 'response_size' },
    });
    return { status: 400, body: JSON.stringify({ errors: [format(tooLarge)] }), failed: true };
  }
}

/**
 * Writes a JSON answer as it is. express's res.send would add nothing here
 * (no ETag, a POST is never fresh) but look the charset up, parse the content
 * type back and measure the body again, on every query.
 */
export function sendJson(res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
