import { request } from 'node:http';

export interface Answer {
  readonly status: number;
  readonly body: any;
}

/** Why a careful client gives up on a request: the harness counts these, they are not violations. */
export class Unresolved extends Error {}

/**
 * A client as the spec's careful users write one: every write carries an
 * Idempotency-Key and is retried with the same key and body after a
 * connection error, a timeout, a 5xx, a 409 "in progress" or a 429, on
 * whichever service process is alive, until it gets a definitive answer
 * (2xx or another 4xx). Only then is the write "acknowledged" (2xx) or
 * "refused" (4xx). A 5xx is counted: under faults the service may answer
 * 503, never 500 for a client's input.
 */
export class CarefulClient {
  retries = 0;
  serverErrors = 0;
  /** Of those, 500s: an unexpected failure, where a fault should give 503 with Retry-After. */
  internalErrors = 0;

  constructor(
    private readonly urls: () => string[],
    /** The API key it sends (an operation may pass it on, e.g. to a URL the service fetches for it). */
    readonly key: string,
    private readonly pick: (n: number) => number,
  ) {}

  async send(method: string, path: string, body?: unknown, idempotencyKey?: string, attempts = 60): Promise<Answer> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const urls = this.urls();
      if (urls.length > 0) {
        try {
          const answer = await once(urls[this.pick(urls.length)]!, method, path, this.key, body, idempotencyKey);
          if (answer.status >= 500) this.serverErrors += 1;
          if (answer.status === 500) this.internalErrors += 1;
          const transient = answer.status >= 500 || answer.status === 429 || (answer.status === 409 && answer.body?.errors?.[0]?.code === 'idempotency_key_in_use');
          if (!transient) return answer;
        } catch {
          // Connection refused or reset, or a timeout: the outcome is unknown, so the same key goes again.
        }
      }
      this.retries += 1;
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 50 * 2 ** Math.min(attempt, 5))));
    }
    throw new Unresolved(`${method} ${path}: no definitive answer after ${attempts} attempts`);
  }
}

function once(base: string, method: string, path: string, key: string, body: unknown, idempotencyKey: string | undefined): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL(path, base),
      {
        method,
        timeout: 10_000,
        headers: {
          authorization: `Bearer ${key}`,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: incoming.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          } catch {
            resolve({ status: incoming.statusCode ?? 0, body: text });
          }
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
