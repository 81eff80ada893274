import type { IncomingMessage, ServerResponse } from 'node:http';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Cache-Control: no-cache, as the `fresh` package (express's req.fresh) reads it. */
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/;

/**
 * Sends a JSON text as express's `res.status(status).type(JSON).send(body)`
 * does, byte for byte, on a bare node response (the declared routes are
 * served without express: route-table.ts). The same headers in the same
 * order (Content-Type, then Content-Length), a conditional GET answered 304
 * as express's freshness check answers it, no body for HEAD, 204 or 304.
 */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  if (!res.hasHeader('Transfer-Encoding')) res.setHeader('Content-Length', String(Buffer.byteLength(body, 'utf8')));
  let chunk = body;
  if (isFresh(req, res)) res.statusCode = 304;
  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
  }
  if (res.statusCode === 205) {
    res.setHeader('Content-Length', '0');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
  }
  if (req.method === 'HEAD') res.end();
  else res.end(chunk, 'utf8');
}

/**
 * express's req.fresh for a response with neither ETag nor Last-Modified
 * (this adapter sets neither; etag is off): a GET or HEAD answered 2xx is
 * fresh only for `If-None-Match: *` without `Cache-Control: no-cache`; an
 * If-Modified-Since alone finds no Last-Modified to compare, so it is stale.
 */
function isFresh(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const status = res.statusCode;
  if (!((status >= 200 && status < 300) || status === 304)) return false;
  const noneMatch = req.headers['if-none-match'];
  if (!noneMatch && !req.headers['if-modified-since']) return false;
  const cacheControl = req.headers['cache-control'];
  if (cacheControl && NO_CACHE.test(cacheControl)) return false;
  return noneMatch === '*';
}
