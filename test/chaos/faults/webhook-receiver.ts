import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** How the receiver behaves now: the webhook-receiver fault switches it away from `ok` for a while. */
export type ReceiverMode = 'ok' | 'down' | 'slow' | 'garbage';

export interface Delivery {
  readonly team: number;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/**
 * The teams' webhook receiver, a real HTTP server on 127.0.0.1 (one path
 * per team: /hooks/<worker index>). `ok` answers 204; `down` closes the
 * port (connections refused); `slow` answers 200 only after the service's
 * per-attempt timeout (so the service counts a failure); `garbage` answers
 * what no receiver should: a status line that is not HTTP, a redirect, a
 * 500 with binary bytes, or a 429 whose Retry-After is nonsense or centuries away. Only an
 * `ok` answer acknowledges: `acknowledged` holds those deliveries, `all`
 * every request received in any mode (each one's signature is checked).
 */
export class ChaosWebhookReceiver {
  readonly all: Delivery[] = [];
  readonly acknowledged: Delivery[] = [];
  mode: ReceiverMode = 'ok';
  #server: Server | undefined;
  #port = 0;
  readonly #sockets = new Set<Socket>();

  constructor(
    private readonly slowMs: number,
    private readonly pick: (n: number) => number,
  ) {}

  url(team: number): string {
    return `http://127.0.0.1:${this.#port}/hooks/${team}`;
  }

  async up(): Promise<void> {
    if (this.#server) return;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery: Delivery = { team: Number(/^\/hooks\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.all.push(delivery);
        if (this.mode === 'ok') {
          this.acknowledged.push(delivery);
          res.writeHead(204).end();
        } else if (this.mode === 'slow') {
          setTimeout(() => res.writeHead(200).end('late'), this.slowMs).unref();
        } else {
          const garbage = this.pick(4);
          if (garbage === 0) req.socket.end('HTTP/1.1 banana\r\n\r\n\x00\xff');
          else if (garbage === 1) res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
          else if (garbage === 2) res.writeHead(500, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 255, 254, 0, 1]));
          else res.writeHead(429, { 'retry-after': this.pick(2) ? 'whenever, maybe never' : '99999999999999999999999' }).end('{');
        }
      });
    });
    server.keepAliveTimeout = 1;
    server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The fault: `mode` (down closes the port) for `ms`, then back to ok. */
  async strike(mode: Exclude<ReceiverMode, 'ok'>, ms: number): Promise<void> {
    this.mode = mode;
    if (mode === 'down') await this.down();
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (mode === 'down') await this.up();
    this.mode = 'ok';
  }
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` keyed with the base64 part of a whsec_ secret; the id must be the body's. */
export function signedBy(delivery: Delivery, secret: string): boolean {
  const id = String(delivery.headers['webhook-id'] ?? '');
  const timestamp = String(delivery.headers['webhook-timestamp'] ?? '');
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${delivery.body}`).digest('base64'));
  const valid = String(delivery.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      return version === 'v1' && signature !== undefined && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), expected);
    });
  let bodyId: unknown;
  try {
    bodyId = JSON.parse(delivery.body).id;
  } catch {
    return false;
  }
  return valid && bodyId === id;
}
