import type { Request, Response } from 'express';
import { ANONYMOUS, type Actor, type RequestContext } from '../../kernel/contract/context.js';
import { FileAnswer } from '../../kernel/contract/file-answer.js';
import type { Operation, RouteDeclaration } from '../../kernel/contract/route.js';
import type { GatedCall } from '../../ports/call-gate.js';
import type { GateDecision, GateResponse } from '../../ports/request-gate.js';
import { authenticate, authorizationHeader, authorize } from '../edge/auth.js';
import { carriesBody, readJsonBody } from '../edge/body.js';
import type { Edge } from '../edge/edge.js';
import { partnerKeyHeader } from '../edge/partner-key.js';
import { idempotencyKeyOf, requestHash, type KeyedRequest } from '../edge/idempotency.js';
import { rateKey, type TokenBucketLimiter } from '../edge/rate-limit.js';
import type { RenderedResponse } from '../edge/rendered-response.js';
import { requestIdOfResponse } from '../edge/request-id.js';
import { mergeInput, validateParts } from '../edge/validate-parts.js';
import { renderSuccess, splitUrl } from './envelope.js';
import { checkResponse } from './response-check.js';

export interface RouteServices {
  readonly edge: Edge;
  readonly limiter: TokenBucketLimiter;
  readonly bodyLimitBytes: number;
  /** Check every success body against the route's response view (tests only; response-check.ts). */
  readonly checkResponses?: boolean;
}

/**
 * The pipeline of one declared route: authenticate, authorize, rate-limit,
 * read the body, check the Idempotency-Key, validate, call the operation
 * through the edge's invoker (once per key; a batch operation joins the next
 * group commit), send the envelope. Every failure is thrown as an AppError
 * and rendered by the error handler.
 */
export function routeHandler(
  declaration: RouteDeclaration,
  operation: Operation,
  services: RouteServices,
  mounted: { readonly module: string; readonly route: string } = { module: '', route: `${declaration.method} ${declaration.path}` },
): (req: Request, res: Response) => Promise<void> {
  const successStatus = declaration.status ?? 200;
  const bodyLimitBytes = Math.max(services.bodyLimitBytes, declaration.bodyLimitBytes ?? 0);
  return async (req, res) => {
    const requestId = requestIdOfResponse(res);
    const ip = req.ip ?? req.socket.remoteAddress ?? '';

    let actor: Actor = ANONYMOUS;
    if (declaration.access !== 'public') {
      actor = await authenticate(services.edge.authenticator, authorizationHeader(req.headersDistinct['authorization']), ip);
      authorize(actor, declaration.access);
      if (services.edge.gate) actor = await services.edge.gate.admit(gatedCall(actor, ip, req, mounted));
      if (services.limiter.enabled) {
        const decision = services.limiter.take(rateKey(actor));
        res.setHeader('X-RateLimit-Limit', String(decision.limit));
        res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
      }
    }

    const body = carriesBody(req.method) ? await readJsonBody(req, bodyLimitBytes) : {};
    const key = req.method === 'POST' ? idempotencyKeyOf(req.headersDistinct['idempotency-key']) : undefined;

    const [params, query, validBody] = await validateParts([
      { part: 'params', schema: declaration.params, value: { ...req.params } },
      { part: 'query', schema: declaration.query, value: { ...(req.query as Record<string, unknown>) } },
      { part: 'body', schema: declaration.body, value: body },
    ]);
    const input = mergeInput(declaration.params ? params : { ...req.params }, query, validBody);

    // Keys are scoped per team (every API key of the team shares them; the key was authorized for this route above);
    // an anonymous caller has no team to scope by, so its key is ignored.
    const scopedKey = key !== undefined && actor.teamId !== '' ? key : undefined;
    const context: RequestContext = {
      actor,
      requestId,
      ip,
      ...(scopedKey !== undefined ? { idempotencyKey: scopedKey } : {}),
    };
    // req.path is the parsed path: an absolute-form target ('GET http://host/api/…') cannot leak its host into links.
    const url = { pathname: req.path, search: splitUrl(req.originalUrl).search };
    const { invoker, requestGate } = services.edge;
    // A RequestGate (x402) may ask for payment before the operation runs and settle it after it succeeded.
    const decision: GateDecision = requestGate
      ? await requestGate.check({ method: req.method, path: url.pathname, url: `${req.protocol}://${req.get('host') ?? '127.0.0.1'}${req.originalUrl}`, header: (name) => req.get(name), actor })
      : { kind: 'open' };
    if (decision.kind === 'refused') {
      sendGateResponse(res, decision.response);
      return;
    }
    /** Completes an admitted call with the gate (x402 settles); false when the gate refused, its answer sent. */
    const settled = async (): Promise<boolean> => {
      if (decision.kind !== 'admitted') return true;
      const completion = await decision.complete();
      if (!completion.ok) {
        sendGateResponse(res, completion.response);
        return false;
      }
      for (const [name, value] of Object.entries(completion.headers)) res.setHeader(name, value);
      return true;
    };
    /** Sends the answer, unless the gate's completion of an admitted call refuses it. */
    const finish = async (response: RenderedResponse, replayed: boolean) => {
      if (response.status < 400 && !(await settled())) return;
      send(res, response, replayed);
    };
    if (scopedKey === undefined) {
      const value = await invoker.invoke(operation, input, context);
      if (value instanceof FileAnswer) {
        if (await settled()) sendFile(res, value);
        return;
      }
      const response = renderSuccess(value, successStatus, url);
      if (services.checkResponses) checkResponse(declaration, response);
      await finish(response, false);
      return;
    }
    const keyed: KeyedRequest = {
      teamId: actor.teamId,
      apiKeyId: actor.apiKeyId,
      key: scopedKey,
      hash: requestHash(req.method, url.pathname, url.search, body),
      ...(declaration.responseHasSecret ? { responseHasSecret: true } : {}),
    };
    const outcome = await invoker.invokeKeyed(operation, input, context, keyed, (value) => renderSuccess(value, successStatus, url));
    if (services.checkResponses) checkResponse(declaration, outcome.response);
    await finish(outcome.response, outcome.replayed);
  };
}

/** What the CallGate sees of a call. */
function gatedCall(actor: Actor, ip: string, req: Request, mounted: { readonly module: string; readonly route: string }): GatedCall {
  return { actor, ip, module: mounted.module, route: mounted.route, ...partnerKeyHeader(req.headersDistinct['x-partner-key']) };
}

function sendGateResponse(res: Response, response: GateResponse): void {
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.status(response.status).type('application/json; charset=utf-8').send(JSON.stringify(response.body));
}

/** A FileAnswer as it is: its bytes, media type and file name (no envelope, nothing cached by proxies). */
function sendFile(res: Response, file: FileAnswer): void {
  const disposition = file.inline ? 'inline' : 'attachment';
  res.setHeader('Content-Disposition', `${disposition}; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).type(file.mediaType).send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}

export function send(res: Response, response: RenderedResponse, replayed: boolean): void {
  if (replayed) res.setHeader('Idempotent-Replayed', 'true');
  const { status, body } = response;
  if (status === 204 || body === '') {
    res.status(status).end();
    return;
  }
  res.status(status).type('application/json; charset=utf-8').send(body);
}
