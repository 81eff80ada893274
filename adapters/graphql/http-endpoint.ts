import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError, type ExecutionResult, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import { ANONYMOUS, type Actor, type RequestContext } from '../../kernel/contract/context.js';
import { AppError, RateLimitedError } from '../../kernel/errors/index.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { CallGate } from '../../ports/call-gate.js';
import type { Logger } from '../../ports/logger.js';
import { authenticate, authorizationHeader } from '../edge/auth.js';
import { clientAddress, type ProxyTrust } from '../edge/client-address.js';
import { partnerKeyHeader } from '../edge/partner-key.js';
import { readJsonBody } from '../edge/body.js';
import { idempotencyKeyOf, requestHash, type IdempotentOutcome } from '../edge/idempotency.js';
import { OutboundInTransaction } from '../edge/invoke-operation.js';
import type { RenderedResponse } from '../edge/rendered-response.js';
import { requestIdOfResponse, type ResponseWithLocals } from '../edge/request-id.js';
import { graphqlContext, type GatedRequest, type GraphqlRuntime } from './context.js';
import { formatError } from './errors.js';
import { execute, OperationPreparer } from './execute.js';
import type { GraphqlRateLimits } from './rate-limits.js';
import { resultBody, sendJson, type ResultBody } from './result-body.js';

export interface EndpointDeps {
  readonly schema: GraphQLSchema;
  readonly preparer: OperationPreparer;
  readonly runtime: GraphqlRuntime;
  readonly authenticator: Authenticator;
  /** Partner keys' allow-lists, limits and sandbox selection (the partner module's CallGate), when enabled. */
  readonly gate?: CallGate;
  readonly limits: GraphqlRateLimits;
  readonly logger: Logger;
  readonly bodyLimitBytes: number;
  /** The `http.trustProxy` rule: the client address as REST reads it. */
  readonly trust: ProxyTrust;
}

/** A keyed mutation that ended with errors: its writes are rolled back and nothing is saved for the key. */
class NotSaved extends Error {
  constructor(readonly body: string, readonly status: number) {
    super('not saved');
  }
}

interface GraphqlRequest {
  readonly query: string;
  readonly variables: Record<string, unknown>;
  readonly operationName: string | undefined;
}

/**
 * POST /api/graphql: authenticate (Bearer, same keys as REST; no header is a
 * guest), rate-limit, read {query, variables, operationName}, prepare (parse,
 * validate, limits — all before any resolver), execute. Request failures are
 * 4xx with a GraphQL errors body; field failures are 200 with data and errors.
 */
export function graphqlPostHandler(deps: EndpointDeps): (req: IncomingMessage, res: ServerResponse & ResponseWithLocals) => Promise<void> {
  return async (req, res) => {
    const requestId = requestIdOfResponse(res);
    const ip = clientAddress(req, deps.trust) ?? req.socket.remoteAddress ?? '';
    const fail = (status: number, errors: readonly GraphQLError[]): void =>
      send(res, status, { errors: errors.map((error) => formatError(error, requestId, deps.logger)) });
    try {
      let actor: Actor = ANONYMOUS;
      let gated: GatedRequest | undefined;
      const header = authorizationHeader(req.headersDistinct['authorization']);
      if (header !== undefined) actor = await authenticate(deps.authenticator, header, ip);
      if (header !== undefined && deps.gate) {
        gated = { gate: deps.gate, call: { actor, ip, ...partnerKeyHeader(req.headersDistinct['x-partner-key']) } };
        actor = await deps.gate.admit(gated.call);
      }
      const limited = deps.limits.take(actor, ip);
      if (limited) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(limited.retryAfter))));
        return fail(429, [limited.error]);
      }
      const request = parseRequest(await readJsonBody(req, deps.bodyLimitBytes));
      const prepared = deps.preparer.prepare(request.query, request.operationName, request.variables);
      if (!prepared.ok) return fail(400, prepared.errors);
      if (prepared.prepared.operation.operation === 'subscription') {
        return fail(400, [
          new GraphQLError('Subscriptions run over WebSocket (graphql-ws protocol) at /api/graphql.', { extensions: { code: 'subscription_over_http' } }),
        ]);
      }
      const key = idempotencyKeyOf(req.headersDistinct['idempotency-key']);
      const context: RequestContext = { actor, requestId, ip, ...(key !== undefined ? { idempotencyKey: key } : {}) };
      const run = async (): Promise<ExecutionResult> =>
        (await execute({
          schema: deps.schema,
          document: prepared.prepared.document,
          operationName: request.operationName,
          variableValues: request.variables,
          contextValue: graphqlContext(deps.runtime, context, gated),
        })) as ExecutionResult;
      // Formatting logs unexpected errors: only the result that is answered is formatted.
      const answerOf = (result: ExecutionResult): ResultBody => resultBody(result, (error) => formatError(error, requestId, deps.logger));
      // Idempotency-Key on a mutation (as on REST POSTs): all its fields run in one transaction, at most once per key
      // (the invoker runs a batch operation's field alone inside it, not in a group commit).
      // Keys are the team's: a replay answers without running the fields, so it needs what running them needs. A
      // mutation root field needs 'write' (a key without it runs the mutation unkeyed, and every field is refused);
      // a field's operation may need more (delete, the operator key), known only as it runs, so the caller's kind and
      // permissions are part of the request: another key of the team with the same ones replays, one with other
      // permissions gets 422 idempotency_key_reused, and nothing is applied twice either way.
      if (key !== undefined && prepared.prepared.operation.operation === 'mutation' && actor.teamId !== '' && actor.permissions.includes('write')) {
        // The last attempt's result when a field failed unexpectedly (not a refusal): see the work below.
        let failedAttempt: { error: unknown; result: ExecutionResult } | undefined;
        try {
          const keyed = {
            teamId: actor.teamId,
            apiKeyId: actor.apiKeyId,
            key,
            hash: requestHash('POST', '/api/graphql', '', {
              query: request.query,
              variables: request.variables,
              operationName: request.operationName ?? null,
              caller: { kind: actor.kind, permissions: [...actor.permissions].sort() },
            }),
          };
          const work = async (): Promise<RenderedResponse> => {
            const result = await run();
            // All fields share the key's transaction. An unexpected failure (a deadlock, say) is rethrown as it is,
            // so the store's unit of work can retry the whole mutation, as it does for REST and unkeyed mutations.
            const unexpected = unexpectedError(result);
            if (unexpected !== undefined) {
              failedAttempt = { error: unexpected, result };
              throw unexpected;
            }
            const answer = answerOf(result);
            if (answer.failed) throw new NotSaved(answer.body, answer.status);
            return { status: answer.status, body: answer.body };
          };
          let outcome: IdempotentOutcome;
          try {
            outcome = await deps.runtime.invoker.once(keyed, work);
          } catch (error) {
            // A field's operation calls out (x402Pay): nothing committed; the mutation runs again with each field in units of its own.
            const attempt = failedAttempt as { error: unknown } | undefined; // assigned inside the work
            if (!(attempt?.error instanceof OutboundInTransaction) || error !== attempt.error) throw error;
            failedAttempt = undefined;
            outcome = await deps.runtime.invoker.outside(keyed, work);
          }
          if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
          sendJson(res, outcome.response.status, outcome.response.body);
        } catch (error) {
          // Not retryable, or retried out: the answer is the field error as without a key, and nothing is saved.
          const attempt = failedAttempt as { error: unknown; result: ExecutionResult } | undefined; // assigned inside the work
          const answer = error instanceof NotSaved ? error : attempt && error === attempt.error ? answerOf(attempt.result) : undefined;
          if (answer === undefined) throw error;
          sendJson(res, answer.status, answer.body);
        }
        return;
      }
      const { compiled } = prepared.prepared;
      // A query runs compiled (compiled-query.ts), anything else on graphql-js.
      const ran = compiled ? compiled(graphqlContext(deps.runtime, context, gated), request.variables) : run();
      const answer = answerOf(ran instanceof Promise ? await ran : ran);
      sendJson(res, answer.status, answer.body);
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="api"');
        // Failed authentications throttled for this address (the edge's Authenticator): when to try again.
        if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
        return fail(error.status, [new GraphQLError(error.message, { originalError: error })]);
      }
      throw error;
    }
  };
}

function parseRequest(body: unknown): GraphqlRequest {
  const problem = (detail: string): never => {
    throw new AppError(400, 'invalid_graphql_request', 'Bad request', detail, { pointer: '' });
  };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) problem('Send a JSON object {query, variables, operationName}.');
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') problem('query must be a non-empty string.');
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) problem('variables must be a JSON object.');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') problem('operationName must be a string.');
  return {
    query: query as string,
    variables: (variables ?? {}) as Record<string, unknown>,
    operationName: (operationName ?? undefined) as string | undefined,
  };
}

function send(res: ServerResponse, status: number, body: { data?: unknown; errors?: GraphQLFormattedError[] }): void {
  sendJson(res, status, JSON.stringify(body));
}

/** The cause of the first field error that is neither a refusal (AppError) nor GraphQL's own (validation, coercion). */
function unexpectedError(result: ExecutionResult): unknown {
  for (const error of result.errors ?? []) {
    const cause = error.originalError;
    if (cause !== undefined && !(cause instanceof AppError) && !(cause instanceof GraphQLError)) return cause;
  }
  return undefined;
}
