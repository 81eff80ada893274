import { Agent, request } from 'node:http';

export interface JsonResponse {
  readonly status: number;
  readonly body: any;
}

/** A keep-alive JSON client with a fixed number of sockets (the bench's "connections"). */
export class JsonClient {
  readonly #agent: Agent;

  constructor(
    private readonly baseUrl: string,
    connections: number,
    private readonly key?: string,
  ) {
    this.#agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  send(method: string, path: string, body?: unknown, key = this.key, headers: Record<string, string> = {}): Promise<JsonResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, this.baseUrl);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method,
          agent: this.#agent,
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(key ? { authorization: `Bearer ${key}` } : {}),
            ...headers,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: incoming.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

/** Runs `task` from `workers` concurrent loops until `until()` is false. */
export async function runConcurrently(workers: number, until: () => boolean, task: (worker: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (until()) await task(worker);
    }),
  );
}
