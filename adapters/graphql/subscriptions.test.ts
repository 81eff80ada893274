import { createServer, type Server } from 'node:http';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createClient } from 'graphql-ws';
import sinon from 'sinon';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import WebSocket from 'ws';
import type { Actor } from '../../kernel/contract/context.js';
import type { Logger } from '../../ports/logger.js';
import { OperationPreparer } from './execute.js';
import { GraphqlRateLimits } from './rate-limits.js';
import { createSubscriptionServer } from './subscriptions.js';

/**
 * The subscription server alone, on a schema whose one subscription fails
 * unexpectedly: the client address it authenticates with comes from the
 * clientAddress rule, and the request id in the error and the log is the
 * server's, not the graphql-ws message id the client chose.
 */
const ACTOR: Actor = { kind: 'user', teamId: 'team', userId: 'user', apiKeyId: 'key', permissions: ['read'] };

/** A stream of one event, then the end. */
function oneEvent(): AsyncIterable<unknown> {
  return {
    [Symbol.asyncIterator]() {
      let sent = false;
      return {
        next: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: {} })),
        return: async () => ({ done: true, value: undefined }),
      };
    },
  };
}

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: {
      broken: {
        type: GraphQLString,
        subscribe: () => oneEvent(),
        resolve: () => {
          throw new Error('a bug');
        },
      },
    },
  }),
});

/** The live stream as the revocation listener sees it: the test publishes events by hand. */
const keyListeners = new Set<(event: any) => void>();
const keyEvents = {
  subscribe: (listener: (event: any) => void) => {
    keyListeners.add(listener);
    return () => keyListeners.delete(listener);
  },
};
const revoke = (apiKeyId: string) => {
  for (const listener of [...keyListeners]) listener({ type: 'api_key.revoked', payload: { api_key_id: apiKeyId } });
};
/** Holds the key check of a connection sending "Bearer fak_slow" until released. */
let slowCheck: { started: () => void; release: Promise<void> } | undefined;

let server: Server;
let close: () => Promise<void>;
const addresses: string[] = [];
const logger = { debug: sinon.spy(), info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };
let url: string;

test.before(async () => {
  const ws = createSubscriptionServer({
    schema,
    clientAddress: () => '203.0.113.7',
    preparer: new OperationPreparer(schema),
    runtime: { resolve: () => ({}) as never, validatorOf: () => undefined, accessOf: () => undefined, routesOf: () => [], events: { subscribe: () => () => undefined }, invoker: {} as never },
    keyEvents,
    authenticator: {
      authenticate: async (key, ip) => {
        addresses.push(ip);
        if (key === 'fak_slow' && slowCheck) {
          slowCheck.started();
          await slowCheck.release;
        }
        return ACTOR;
      },
    },
    limits: new GraphqlRateLimits(() => 0, false),
    ids: { uuid: () => 'server-request-id', timeOrdered: () => 'server-request-id' },
    clock: { now: () => new Date(0) } as never,
    logger: logger as unknown as Logger,
  });
  server = createServer();
  server.on('upgrade', (req, socket, head) => ws.upgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/api/graphql`;
  close = async () => {
    await ws.close();
    await new Promise((resolve) => server.close(resolve));
  };
});
test.after(async () => {
  await close?.();
});

test('the client address comes from the clientAddress rule; errors carry the server request id, never the client’s message id', async () => {
  const client = createClient({ url, webSocketImpl: WebSocket, generateID: () => 'client-chosen-id', connectionParams: { Authorization: 'Bearer fak_test' } });
  const message = await new Promise<any>((resolve, reject) => {
    client.subscribe({ query: 'subscription { broken }' }, { next: resolve, error: reject, complete: () => undefined });
  });
  await client.dispose();
  assert.ok(addresses.length >= 2, 'checked at connection_init and at subscribe');
  assert.ok(addresses.every((ip) => ip === '203.0.113.7'), addresses.join(','));
  const error = message.errors[0];
  assert.is(error.extensions.code, 'internal_error');
  assert.match(error.message, /server-request-id/);
  assert.not.match(error.message, /client-chosen-id/);
  assert.is(logger.error.firstCall.args[1].requestId, 'server-request-id');
});

function socket(): { ws: WebSocket; closed: Promise<number>; acked: Promise<void> } {
  const ws = new WebSocket(url, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const acked = new Promise<void>((resolve) => ws.on('message', (data) => String(data).includes('connection_ack') && resolve()));
  return { ws, closed, acked };
}

test('api_key.revoked closes the sockets of that key with 4403, not others; the listener is gone once no socket is open', async () => {
  const mine = socket();
  await new Promise((resolve) => mine.ws.once('open', resolve));
  mine.ws.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: 'Bearer fak_test' } }));
  await mine.acked;
  revoke('another-key');
  assert.is(mine.ws.readyState, WebSocket.OPEN);
  revoke(ACTOR.apiKeyId);
  assert.is(await mine.closed, 4403);
  for (let i = 0; i < 50 && keyListeners.size > 0; i += 1) await new Promise((resolve) => setImmediate(resolve));
  assert.is(keyListeners.size, 0);
});

test('a revocation arriving while the key is being checked at connect refuses the connection (4403)', async () => {
  let started!: () => void;
  let release!: () => void;
  const checking = new Promise<void>((resolve) => (started = resolve));
  slowCheck = { started, release: new Promise<void>((resolve) => (release = resolve)) };
  const pending = socket();
  await new Promise((resolve) => pending.ws.once('open', resolve));
  pending.ws.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: 'Bearer fak_slow' } }));
  await checking;
  revoke(ACTOR.apiKeyId);
  release();
  assert.is(await pending.closed, 4403);
  slowCheck = undefined;
});

test.run();
