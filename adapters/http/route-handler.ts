import type { Request, Response } from 'express';
import { ANONYMOUS, type Actor, type RequestContext } from '../../kernel/contract/context.js';
import { isBatchOperation } from '../../kernel/contract/batch.js';
import type { Operation, RouteDeclaration } from '../../kernel/contract/route.js';
import type { Authenticator } from '../../ports/authenticator.js';
import { authenticate, authorizationHeader, authorize } from './auth.js';
import { carriesBody, readJsonBody } from './body.js';
import type { HttpBatchRunner } from './batch-runner.js';
import { renderSuccess, splitUrl, type RenderedResponse } from './envelope.js';
import { idempotencyKeyOf, requestHash, type IdempotencyGuard, type IdempotentOutcome, type KeyedRequest } from './idempotency.js';
import type { TokenBucketLimiter } from './rate-limit.js';
import { requestIdOfResponse } from './request-state.js';
import { checkResponse } from './response-check.js';
import { validateParts } from './validate.js';

export interface RouteServices {
  readonly authenticator: Authenticator;
  readonly limiter: TokenBucketLimiter;
  readonly idempotency: IdempotencyGuard;
  readonly batches: HttpBatchRunner;
  readonly bodyLimitBytes: number;
  /** Check every success body against the route's response view (tests only; response-check.ts). */
  readonly checkResponses?: boolean;
}

/**
 * The pipeline of one declared route: authenticate, authorize, rate-limit,
 * read the body, check the Idempotency-Key, validate, call the operation
 * (once per key), send the envelope. Every failure is thrown as an AppError
 * and rendered by the error handler. A batch operation is prepared here
 * (its 4xx comes before any transaction) and joins the next group commit.
 */
export function routeHandler(
  declaration: RouteDeclaration,
  operation: Operation,
  services: RouteServices,
): (req: Request, res: Response) => Promise<void> {
  const successStatus = declaration.status ?? 200;
  return async (req, res) => {
    const requestId = requestIdOfResponse(res);
    const ip = req.ip ?? req.socket.remoteAddress ?? '';

    let actor: Actor = ANONYMOUS;
    if (declaration.access !== 'public') {
      actor = await authenticate(services.authenticator, authorizationHeader(req.headersDistinct['authorization']), ip);
      authorize(actor, declaration.access);
      if (services.limiter.enabled) {
        const decision = services.limiter.take(rateKey(actor));
        res.setHeader('X-RateLimit-Limit', String(decision.limit));
        res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
      }
    }

    const body = carriesBody(req.method) ? await readJsonBody(req, services.bodyLimitBytes) : {};
    const key = req.method === 'POST' ? idempotencyKeyOf(req.headersDistinct['idempotency-key']) : undefined;

    const [params, query, validBody] = await validateParts([
      { part: 'params', schema: declaration.params, value: { ...req.params } },
      { part: 'query', schema: declaration.query, value: { ...(req.query as Record<string, unknown>) } },
      { part: 'body', schema: declaration.body, value: body },
    ]);
    const input = mergeInput(declaration.params ? params : { ...req.params }, query, validBody);

    // Keys are scoped per team and API key; an anonymous caller has no team to scope by, so its key is ignored.
    const scopedKey = key !== undefined && actor.teamId !== '' ? key : undefined;
    const context: RequestContext = {
      actor,
      requestId,
      ip,
      ...(scopedKey !== undefined ? { idempotencyKey: scopedKey } : {}),
    };
    // req.path is the parsed path: an absolute-form target ('GET http://host/api/…') cannot leak its host into links.
    const url = { pathname: req.path, search: splitUrl(req.originalUrl).search };
    const keyed: KeyedRequest | undefined =
      scopedKey === undefined
        ? undefined
        : {
            teamId: actor.teamId,
            apiKeyId: actor.apiKeyId,
            key: scopedKey,
            hash: requestHash(req.method, url.pathname, url.search, body),
            ...(declaration.responseHasSecret ? { responseHasSecret: true } : {}),
          };
    const render = (value: unknown): RenderedResponse => renderSuccess(value, successStatus, url);

    let outcome: IdempotentOutcome;
    if (isBatchOperation(operation)) {
      const command = operation.batch.prepare(input, context);
      outcome = await services.batches.submit(operation, { command, render, ...(keyed ? { keyed } : {}) });
    } else {
      const execute = async (): Promise<RenderedResponse> => render(await operation.execute(input, context));
      outcome = keyed === undefined ? { response: await execute(), replayed: false } : await services.idempotency.run({ ...keyed, execute });
    }
    if (services.checkResponses) checkResponse(declaration, outcome.response);
    send(res, outcome);
  };
}

/** One bucket per API key (or per user for key-less actors such as the system). */
function rateKey(actor: Actor): string {
  return actor.apiKeyId !== '' ? `key:${actor.apiKeyId}` : `${actor.kind}:${actor.teamId}:${actor.userId}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** {...params, ...query, ...body}; a body that is not an object arrives as `body`. */
export function mergeInput(params: unknown, query: unknown, body: unknown): Record<string, unknown> {
  // Spread defines properties, so an own "__proto__" key stays a plain key.
  const input: Record<string, unknown> = {
    ...(isPlainObject(params) ? params : {}),
    ...(isPlainObject(query) ? query : {}),
    ...(isPlainObject(body) ? body : {}),
  };
  if (body !== undefined && !isPlainObject(body)) input['body'] = body;
  return input;
}

export function send(res: Response, outcome: IdempotentOutcome): void {
  if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
  const { status, body } = outcome.response;
  if (status === 204 || body === '') {
    res.status(status).end();
    return;
  }
  res.status(status).type('application/json; charset=utf-8').send(body);
}
