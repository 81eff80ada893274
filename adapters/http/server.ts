import { createServer, STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from '../../ports/logger.js';
import { refuseConnect } from './connect-refusal.js';
import { renderErrors } from './envelope.js';

/** How long a client may take: to send its headers, its whole request, and between requests on one connection. */
export interface ServerTimeouts {
  readonly shutdownGraceMs: number;
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
}

/**
 * The node HTTP server around the express app: listen, answer requests node
 * itself rejects (bad request line, oversized headers, a request that does
 * not arrive in time, an Expect it cannot meet) in the envelope, and close
 * gracefully: stop accepting, let in-flight requests finish within the
 * grace period, close idle keep-alive sockets as they become idle, then cut
 * whatever is left.
 */
export class HttpServer {
  private server: Server | undefined;
  private closing: Promise<void> | undefined;
  private upgrade: ((req: IncomingMessage, socket: Duplex, head: Buffer) => void) | undefined;

  constructor(
    private readonly listener: RequestListener,
    private readonly timeouts: ServerTimeouts,
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
    const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = this.timeouts;
    const server = createServer(
      {
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        keepAliveTimeout: keepAliveTimeoutMs,
        // Node checks both timeouts on this interval (default 30 s, which would add up to 30 s to each): a tenth of the shorter, at most 1 s.
        connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 10))),
      },
      this.listener,
    );
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.upgrade && !this.closing) this.upgrade(req, socket, head);
      else socket.destroy();
    });
    server.on('connect', refuseConnect);
    server.on('clientError', (error: Error & { code?: string }, socket: Socket) => answerClientError(error, socket));
    // Without a listener node answers an Expect other than 100-continue with a bare 417.
    server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => answerExpectationFailed(res));
    this.server = server;
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => {
        this.server = undefined;
        reject(error);
      };
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        server.on('error', (error) => this.logger.error('http.server_error', { error }));
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
        this.logger.warn('http.shutdown_grace_expired', { graceMs: this.timeouts.shutdownGraceMs });
        server.closeAllConnections();
      }, this.timeouts.shutdownGraceMs);
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

function answerExpectationFailed(res: ServerResponse): void {
  const body = renderErrors([
    { status: 417, code: 'expectation_failed', title: 'Expectation failed', detail: 'The only Expect this server meets is 100-continue.', source: { header: 'Expect' } },
  ]);
  res.writeHead(417, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' });
  res.end(body);
}
