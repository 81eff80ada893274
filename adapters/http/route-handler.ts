import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';
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
import { clientAddress, type ProxyTrust } from '../edge/client-address.js';
import { requestIdOfResponse, type ResponseWithLocals } from '../edge/request-id.js';
import { mergeInput, validateParts } from '../edge/validate-parts.js';
import { renderSuccess } from './envelope.js';
import { sendJson } from './respond.js';
import { checkResponse } from './response-check.js';

export interface RouteServices {
  readonly edge: Edge;
  readonly limiter: TokenBucketLimiter;
  readonly bodyLimitBytes: number;
  /** The `http.trustProxy` rule, for the client address and protocol (express's req.ip and req.protocol). */
  readonly trust: ProxyTrust;
  /** Sends a FileAnswer; express's media-type rules, so the response is made an express one first (http-api.ts). */
  sendFile(req: IncomingMessage, res: HttpResponse, file: FileAnswer): void;
  /** Check every success body against the route's response view (tests only; response-check.ts). */
  readonly checkResponses?: boolean;
}

/** A node response with express's `locals` (the request id lives there). */
export type HttpResponse = ServerResponse & ResponseWithLocals;

/** What routing found in the request target: the route handler reads no express property of the request. */
export interface RequestTarget {
  /** The path, undecoded, without the query (express's req.path). */
  readonly pathname: string;
  /** The raw query string without '?', '' when there is none. */
  readonly search: string;
  /** The route's path parameters, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The query parsed by the app's query parser (node's querystring). */
  readonly query: Readonly<Record<string, unknown>>;
}

/** A declared route's handler: called by the route table without express, or by express through its mounted route. */
export type DeclaredRouteHandler = (req: IncomingMessage, res: HttpResponse, target: RequestTarget) => Promise<void>;

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
): DeclaredRouteHandler {
  const successStatus = declaration.status ?? 200;
  const bodyLimitBytes = Math.max(services.bodyLimitBytes, declaration.bodyLimitBytes ?? 0);
  return async (req, res, target) => {
    const requestId = requestIdOfResponse(res);
    const ip = clientAddress(req, services.trust) ?? req.socket.remoteAddress ?? '';

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

    const body = carriesBody(req.method ?? '') ? await readJsonBody(req, bodyLimitBytes) : {};
    const key = req.method === 'POST' ? idempotencyKeyOf(req.headersDistinct['idempotency-key']) : undefined;

    const [params, query, validBody] = await validateParts([
      { part: 'params', schema: declaration.params, value: { ...target.params } },
      { part: 'query', schema: declaration.query, value: { ...target.query } },
      { part: 'body', schema: declaration.body, value: body },
    ]);
    const input = mergeInput(declaration.params ? params : { ...target.params }, query, validBody);

    // Keys are scoped per team (every API key of the team shares them; the key was authorized for this route above);
    // an anonymous caller has no team to scope by, so its key is ignored.
    const scopedKey = key !== undefined && actor.teamId !== '' ? key : undefined;
    const context: RequestContext = {
      actor,
      requestId,
      ip,
      ...(scopedKey !== undefined ? { idempotencyKey: scopedKey } : {}),
    };
    // The parsed path: an absolute-form target ('GET http://host/api/…') cannot leak its host into links.
    const url = { pathname: target.pathname, search: target.search };
    const { invoker, requestGate } = services.edge;
    // A RequestGate (x402) may ask for payment before the operation runs and settle it after it succeeded.
    const decision: GateDecision = requestGate
      ? await requestGate.check({
          method: req.method ?? '',
          path: url.pathname,
          url: `${requestProtocol(req, services.trust)}://${req.headers.host ?? '127.0.0.1'}${originalUrlOf(req)}`,
          header: (name) => headerOf(req, name),
          actor,
        })
      : { kind: 'open' };
    if (decision.kind === 'refused') {
      sendGateResponse(req, res, decision.response);
      return;
    }
    /** Completes an admitted call with the gate (x402 settles); false when the gate refused, its answer sent. */
    const settled = async (): Promise<boolean> => {
      if (decision.kind !== 'admitted') return true;
      const completion = await decision.complete();
      if (!completion.ok) {
        sendGateResponse(req, res, completion.response);
        return false;
      }
      for (const [name, value] of Object.entries(completion.headers)) res.setHeader(name, value);
      return true;
    };
    /** Sends the answer, unless the gate's completion of an admitted call refuses it. */
    const finish = async (response: RenderedResponse, replayed: boolean) => {
      if (response.status < 400 && !(await settled())) return;
      send(req, res, response, replayed);
    };
    if (scopedKey === undefined) {
      const value = await invoker.invoke(operation, input, context);
      if (value instanceof FileAnswer) {
        if (await settled()) services.sendFile(req, res, value);
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
      hash: requestHash(req.method ?? '', url.pathname, url.search, body),
      ...(declaration.responseHasSecret ? { responseHasSecret: true } : {}),
    };
    const outcome = await invoker.invokeKeyed(operation, input, context, keyed, (value) => renderSuccess(value, successStatus, url));
    if (services.checkResponses) checkResponse(declaration, outcome.response);
    await finish(outcome.response, outcome.replayed);
  };
}

/** What the CallGate sees of a call. */
function gatedCall(actor: Actor, ip: string, req: IncomingMessage, mounted: { readonly module: string; readonly route: string }): GatedCall {
  return { actor, ip, module: mounted.module, route: mounted.route, ...partnerKeyHeader(req.headersDistinct['x-partner-key']) };
}

function sendGateResponse(req: IncomingMessage, res: ServerResponse, response: GateResponse): void {
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  sendJson(req, res, response.status, JSON.stringify(response.body));
}

/** A FileAnswer as it is: its bytes, media type and file name (no envelope, nothing cached by proxies); `res` is an express response. */
export function sendFileAnswer(res: Response, file: FileAnswer): void {
  const disposition = file.inline ? 'inline' : 'attachment';
  res.setHeader('Content-Disposition', `${disposition}; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).type(file.mediaType).send(Buffer.from(file.content.buffer, file.content.byteOffset, file.content.byteLength));
}

export function send(req: IncomingMessage, res: ServerResponse, response: RenderedResponse, replayed: boolean): void {
  if (replayed) res.setHeader('Idempotent-Replayed', 'true');
  const { status, body } = response;
  if (status === 204 || body === '') {
    res.statusCode = status;
    res.end();
    return;
  }
  sendJson(req, res, status, body);
}

/** express's req.originalUrl where express set it, else the target as received (the same: nothing here mounts a sub-app). */
export function originalUrlOf(req: IncomingMessage): string {
  return (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
}

/** express's req.protocol: the socket's, or X-Forwarded-Proto's first value when the peer is a trusted proxy. */
function requestProtocol(req: IncomingMessage, trust: ProxyTrust): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = headerOf(req, 'X-Forwarded-Proto') || own;
  const comma = header.indexOf(',');
  return comma !== -1 ? header.substring(0, comma).trim() : header.trim();
}

/** express's req.get: a header by name, any case; Referer and Referrer are one. */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  const value = lower === 'referer' || lower === 'referrer' ? req.headers.referrer || req.headers.referer : req.headers[lower];
  return value as string | undefined;
}
