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
    runtime: { resolve: () => ({}) as never, inputOf: () => undefined, accessOf: () => undefined, events: { subscribe: () => () => undefined }, invoker: {} as never },
    authenticator: {
      authenticate: async (_key, ip) => {
        addresses.push(ip);
        return ACTOR;
      },
    },
    limits: new GraphqlRateLimits(() => 0, false),
    ids: { uuid: () => 'server-request-id' },
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

test.run();
