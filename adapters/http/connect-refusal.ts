import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { renderErrors } from './envelope.js';

/**
 * The service is no proxy: a CONNECT request is answered 405 in the
 * envelope with the methods it does serve. Without a 'connect' listener
 * node closes the socket with no answer at all, which a client cannot
 * tell from a crash (issue 20).
 */
export function refuseConnect(_req: IncomingMessage, socket: Duplex): void {
  const body = renderErrors([
    { status: 405, code: 'method_not_allowed', title: STATUS_CODES[405] ?? 'Method Not Allowed', detail: 'CONNECT is not supported: this service is not a proxy.' },
  ]);
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 405 ${STATUS_CODES[405]}\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
