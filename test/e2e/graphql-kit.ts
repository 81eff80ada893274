import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { type GraphqlAdapter } from '../../adapters/graphql/index.js';
import { createHttpApi } from '../../adapters/http/http-api.js';
import { httpDeps } from '../../adapters/main/http-deps.js';
import type { EventTail } from '../../kernel/events/event-tail.js';
import { EventStream } from '../../ports/event-stream.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions, type TestUser } from '../fixtures/boot.js';
import { kernelGraphql } from '../../adapters/main/graphql-deps.js';
import { jsonRequester, type RequestOptions, type TestResponse } from '../fixtures/json-request.js';

/**
 * The fixture kernel served by an HTTP API whose GraphQL adapter the suite
 * holds, so it can wait until subscriptions are listening (no sleeps).
 */
export interface GraphqlKernel {
  readonly k: TestKernel;
  readonly url: string;
  readonly adapter: GraphqlAdapter;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  createUser(name: string): Promise<TestUser>;
  /** Resolves once no subscription listens (after closing clients). */
  quiet(): Promise<void>;
  /** Resolves once `count` subscriptions listen and the live stream has caught up with the store. */
  listening(count: number): Promise<void>;
  close(): Promise<void>;
}

export interface GraphqlKernelOptions extends TestKernelOptions {
  /** The spec's per-minute request limits (default on; races of hundreds of requests turn them off). */
  readonly rateLimits?: boolean;
}

export async function bootGraphql(options: GraphqlKernelOptions = {}): Promise<GraphqlKernel> {
  const { rateLimits, ...kernelOptions } = options;
  const k = await bootTestKernel({ ...kernelOptions, listen: false });
  const kernel = k.kernel;
  const adapter = kernelGraphql(kernel, rateLimits === undefined ? {} : { rateLimits });
  const http = createHttpApi(httpDeps(kernel, k.store, adapter));
  const url = `http://127.0.0.1:${(await http.listen(0, '127.0.0.1')).port}`;
  const request: GraphqlKernel['request'] = jsonRequester(url);
  return {
    k,
    url,
    adapter,
    request,
    async createUser(name) {
      const response = await request('POST', '/api/v2/admin/users', {
        key: k.operatorKey,
        body: { name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.test` },
      });
      if (response.status !== 201) throw new Error(`createUser failed: ${response.status} ${JSON.stringify(response.body)}`);
      const { user, api_key } = response.body.data;
      return { teamId: user.team_id, userId: user.id, key: api_key.key };
    },
    async listening(count) {
      await until(() => adapter.listening() >= count, () => `only ${adapter.listening()} of ${count} subscriptions listening`);
      await (kernel.get(EventStream) as EventTail).drain();
    },
    quiet: () => until(() => adapter.listening() === 0, () => `${adapter.listening()} subscriptions still listening`),
    async close() {
      await http.close();
      await k.close();
    },
  };
}

/** Helpers for the GraphQL e2e suites: POST a query, open a graphql-ws client, await the next message. */
export interface GqlResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: any;
}

/** Waits for a condition the server reaches on its own (not a sleep: it checks on every turn of the event loop). */
export async function until(done: () => boolean, failure: () => string, limitMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > limitMs) throw new Error(failure());
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function gql(k: Pick<GraphqlKernel, 'request'>, query: string, variables?: Record<string, unknown>, key?: string, path = '/api/graphql'): Promise<GqlResponse> {
  const response = await k.request('POST', path, { key, body: { query, variables } });
  return { status: response.status, headers: response.headers, body: response.body };
}

/** gql that must succeed without errors; returns data. */
export async function data(k: Pick<GraphqlKernel, 'request'>, query: string, variables: Record<string, unknown> | undefined, key: string): Promise<any> {
  const response = await gql(k, query, variables, key);
  if (response.status !== 200 || response.body.errors) throw new Error(`GraphQL failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
}

export interface WsConnection {
  readonly client: Client;
  /** Resolves when the server acknowledges connection_init. */
  readonly connected: Promise<void>;
  readonly closed: Promise<number>;
}

/** A graphql-ws client; `headers` go on the WebSocket upgrade request (e.g. X-Forwarded-For from a proxy). */
export function wsClient(k: Pick<GraphqlKernel, 'url'>, authorization?: string, headers?: Record<string, string>): WsConnection {
  let resolveClosed!: (code: number) => void;
  let resolveConnected!: () => void;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const connected = new Promise<void>((resolve) => (resolveConnected = resolve));
  const client = createClient({
    url: k.url.replace(/^http/, 'ws') + '/api/graphql',
    webSocketImpl: headers === undefined ? WebSocket : class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    lazy: false,
    retryAttempts: 0,
    // A refused connection is asserted through `closed`; the default would print it.
    onNonLazyError: () => undefined,
    connectionParams: authorization === undefined ? {} : { Authorization: authorization },
    on: { connected: () => resolveConnected(), closed: (event) => resolveClosed((event as { code: number }).code) },
  });
  return { client, connected, closed };
}

/** A live subscription whose messages queue up for `next()`. */
export interface LiveSubscription {
  next(timeoutMs?: number): Promise<any>;
  /** Resolves once the server has acknowledged the subscription (the event stream is listening). */
  readonly messages: any[];
  dispose(): void;
  readonly done: Promise<void>;
}

export function subscribe(client: Client, query: string, variables?: Record<string, unknown>): LiveSubscription {
  const messages: any[] = [];
  const waiters: Array<(value: any) => void> = [];
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const push = (message: any): void => {
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else messages.push(message);
  };
  const dispose = client.subscribe(
    { query, variables },
    { next: push, error: (error) => push({ error }), complete: () => finish() },
  );
  return {
    messages,
    dispose,
    done,
    next(timeoutMs = 2_000) {
      if (messages.length > 0) return Promise.resolve(messages.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no subscription message within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      });
    },
  };
}
