import { GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/**
 * A query operation compiled once per cached document (graphql-jit) and
 * run per request without graphql-js's generic walk of the document: the
 * GraphQL `account(id)` path cost about a fifth more CPU than REST's, a
 * third of it in that walk (docs/benchmarks.md). The compiled function
 * resolves the same resolvers, coerces the variables and serializes the
 * leaves as graphql-js does. Only queries: mutations (serial, some inside
 * an Idempotency-Key's transaction) and subscriptions keep graphql-js.
 * Undefined when the compiler refuses the document: graphql-js runs it.
 */
export function compileQueryOperation(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): CompiledQueryRunner | undefined {
  const compiled = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true });
  if (!isCompiledQuery(compiled)) return undefined;
  return (context, variables) => runCompiled(compiled, context, variables);
}

/** The result, at once when no resolver was asynchronous. */
export type CompiledQueryRunner = (context: unknown, variables: Record<string, unknown>) => ExecutionResult | Promise<ExecutionResult>;

function runCompiled(compiled: CompiledQuery, context: unknown, variables: Record<string, unknown>): ExecutionResult | Promise<ExecutionResult> {
  const result = compiled.query(undefined, context, variables) as ExecutionResult | Promise<ExecutionResult>;
  // graphql-jit answers a promise-like when a resolver was asynchronous (Promise.resolve keeps a native one as it is).
  return typeof (result as Partial<PromiseLike<unknown>>).then === 'function'
    ? Promise.resolve(result).then(withGraphqlJsErrors)
    : withGraphqlJsErrors(result as ExecutionResult);
}

function withGraphqlJsErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return { ...result, errors: result.errors.map(asGraphqlJsError) };
}

/**
 * graphql-jit's errors are its own class: graphql-js's GraphQLError (what the
 * formatter and the keyed-mutation path read) with the same message, path,
 * locations, extensions and original error.
 */
function asGraphqlJsError(error: Readonly<GraphQLError>): GraphQLError {
  if (error instanceof GraphQLError) return error;
  const converted = new GraphQLError(error.message, {
    ...(error.path ? { path: error.path } : {}),
    ...(error.originalError ? { originalError: error.originalError } : {}),
    ...(error.extensions ? { extensions: error.extensions } : {}),
  });
  // graphql-js derives locations from AST nodes, which graphql-jit keeps only as locations.
  if (error.locations) Object.assign(converted, { locations: error.locations });
  return converted;
}
