import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from '../../ports/logger.js';
import { renderErrors } from './envelope.js';

/**
 * The node HTTP server around the express app: listen, answer requests node
 * itself rejects (bad request line, oversized headers) in the envelope, and
 * close gracefully: stop accepting, let in-flight requests finish within the
 * grace period, close idle keep-alive sockets as they become idle, then cut
 * whatever is left.
 */
export class HttpServer {
  private server: Server | undefined;
  private closing: Promise<void> | undefined;
  private upgrade: ((req: IncomingMessage, socket: Duplex, head: Buffer) => void) | undefined;

  constructor(
    private readonly listener: RequestListener,
    private readonly graceMs: number,
    private readonly logger: Logger,
  ) {}

  /** Who answers WebSocket upgrade requests (without one they are cut). */
  onUpgrade(handler: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): void {
    this.upgrade = handler;
  }

  /** True once close() has begun: responses then ask the client to close the connection. */
  get isClosing(): boolean {
    return this.closing !== undefined;
  }

  listen(port: number, host?: string): Promise<{ port: number }> {
    if (this.server) return Promise.reject(new Error('The HTTP server is already listening.'));
    const server = createServer(this.listener);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.upgrade && !this.closing) this.upgrade(req, socket, head);
      else socket.destroy();
    });
    server.on('clientError', (error: Error & { code?: string }, socket: Socket) => answerClientError(error, socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => {
        this.server = undefined;
        reject(error);
      };
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        server.on('error', (error) => this.logger.error('http.server_error', { error: error.message }));
        resolve({ port: (server.address() as AddressInfo).port });
      });
    });
  }

  /** Call when a response finishes: while closing, its socket may now be idle. */
  responseFinished(): void {
    if (this.closing && this.server) {
      const server = this.server;
      setImmediate(() => server.closeIdleConnections());
    }
  }

  close(): Promise<void> {
    if (this.closing) return this.closing;
    const server = this.server;
    if (!server) return Promise.resolve();
    this.closing = new Promise<void>((resolve) => {
      const deadline = setTimeout(() => {
        this.logger.warn('http.shutdown_grace_expired', { graceMs: this.graceMs });
        server.closeAllConnections();
      }, this.graceMs);
      deadline.unref();
      server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      server.closeIdleConnections();
    });
    return this.closing;
  }
}

function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const code = status === 431 ? 'headers_too_large' : status === 408 ? 'request_timeout' : 'malformed_request';
  const detail =
    status === 431 ? 'The request headers are too large.' : status === 408 ? 'The request took too long to arrive.' : 'The HTTP request is malformed.';
  const body = renderErrors([{ status, code, title: STATUS_CODES[status] ?? 'Bad request', detail }]);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
