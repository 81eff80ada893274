import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly json: { id: string; event_type: string; created_at: string; data: Record<string, unknown> };
}

/** What the receiver answers: a status (and headers), or 'hang' to never answer. A promise answers when it settles. */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests. `respond` decides
 * each answer; `down()` closes the port (connections are refused) and
 * `up()` listens on the same port again.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  respond: (request: Received, index: number) => Answer | Promise<Answer> = () => ({ status: 200 });
  #server: Server | undefined;
  #port = 0;
  readonly #hanging: ServerResponse[] = [];
  #waiters: Array<{ count: number; resolve: () => void }> = [];

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hooks`;
  }

  async up(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const received: Received = { headers: req.headers, body, json: JSON.parse(body) };
        this.received.push(received);
        const answer = this.respond(received, this.received.length - 1);
        this.#notify();
        void Promise.resolve(answer).then((settled) => {
          if (settled === 'hang') this.#hanging.push(res);
          else res.writeHead(settled.status, settled.headers ?? {}).end('ok');
        });
      });
    });
    server.keepAliveTimeout = 1;
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    for (const res of this.#hanging.splice(0)) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` requests have arrived in all. */
  until(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  #notify(): void {
    this.#waiters = this.#waiters.filter((w) => {
      if (this.received.length < w.count) return true;
      w.resolve();
      return false;
    });
  }
}

/** Both signatures as a receiver would check them (constant-time compares). */
export function verifySignatures(received: Received, secret: string): boolean {
  const hex = createHmac('sha256', Buffer.from(secret, 'utf8')).update(received.body).digest('hex');
  const given = String(received.headers['x-service-signature'] ?? '');
  const specOk = given.length === hex.length && timingSafeEqual(Buffer.from(given), Buffer.from(hex));
  const id = String(received.headers['webhook-id']);
  const timestamp = String(received.headers['webhook-timestamp']);
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest('base64');
  const standardOk = String(received.headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      return version === 'v1' && signature !== undefined && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    });
  return specOk && standardOk && id === received.json.id;
}
