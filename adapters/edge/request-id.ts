import type { Ids } from '../../ports/ids.js';

/** Inbound ids are echoed only when short and plain, so they are safe in logs and headers. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The request id: the client's X-Request-Id when it is safe to echo, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined, ids: Ids): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : ids.uuid();
}

/** Kept on `res.locals` by the HTTP server for every handler sharing it (REST routes, GraphQL). */
interface RequestIdLocals {
  requestId?: string;
}

/** A response with express's per-request `locals` (the REST adapter gives one to the responses it serves without express too). */
export interface ResponseWithLocals {
  readonly locals: object;
}

export function setRequestId(res: ResponseWithLocals, requestId: string): void {
  (res.locals as RequestIdLocals).requestId = requestId;
}

export function requestIdOfResponse(res: ResponseWithLocals): string {
  return (res.locals as RequestIdLocals).requestId ?? '';
}
