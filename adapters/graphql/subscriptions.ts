import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { Actor } from '../../kernel/contract/context.js';
import { AppError } from '../../kernel/errors/index.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { Clock } from '../../ports/clock.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import { authenticate } from '../http/auth.js';
import { graphqlContext, type GraphqlRuntime } from './context.js';
import { formatError } from './errors.js';
import { subscribe, type OperationPreparer } from './execute.js';
import type { GraphqlRateLimits } from './rate-limits.js';

export const GRAPHQL_WS_PATH = '/api/graphql';
/** Subscriptions one connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/** An open connection's key is checked again before a message goes out once this long has passed since the last check. */
export const KEY_RECHECK_MS = 10_000;
/** Open WebSocket connections one API key (or one operator/user) may hold at once. */
export const MAX_CONNECTIONS_PER_KEY = 50;
/** Close code for a connection whose key is no longer valid (graphql-ws uses 4403 for Forbidden). */
const FORBIDDEN = 4403;
/** Close code for a connection over MAX_CONNECTIONS_PER_KEY (4429, after HTTP 429). */
const TOO_MANY_CONNECTIONS = 4429;

const connectionOwner = (actor: Actor): string => (actor.apiKeyId !== '' ? `key:${actor.apiKeyId}` : `${actor.kind}:${actor.teamId}:${actor.userId}`);

export interface SubscriptionDeps {
  readonly schema: GraphQLSchema;
  /** The client address of an upgrade request, by the same rule as REST's req.ip (http.trustProxy). */
  readonly clientAddress: (req: IncomingMessage) => string;
  readonly preparer: OperationPreparer;
  readonly runtime: GraphqlRuntime;
  readonly authenticator: Authenticator;
  readonly limits: GraphqlRateLimits;
  readonly ids: Ids;
  readonly clock: Clock;
  readonly logger: Logger;
}

interface ConnectionState {
  actor?: Actor;
  header?: string;
  ip: string;
  active: number;
  /** Clock time of the last successful key check. */
  checkedAt: number;
  /** The key this connection counts against, once accepted. */
  owner?: string;
  /** The server's request id of each running operation, by the client's graphql-ws message id. */
  readonly requestIds: Map<string, string>;
  close(code: number, reason: string): void;
}

/**
 * graphql-ws over ws on the HTTP server's port. The connection_init payload
 * carries {Authorization: "Bearer <key>"}; without a valid key the socket is
 * closed with 4403 before any subscription; the key is checked again at every
 * subscribe message, and before a message goes out when KEY_RECHECK_MS has
 * passed since the last check (a revoked or expired key's socket is closed
 * with 4403 instead of receiving it). Each subscribe message counts
 * against the GraphQL request limit and passes the same depth, complexity
 * and cost checks as POST.
 */
export function createSubscriptionServer(deps: SubscriptionDeps): {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
} {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 100_000 });
  const connectionsPerOwner = new Map<string, number>();
  const states = new WeakMap<object, ConnectionState>();
  const stateOf = (extra: object): ConnectionState => states.get(extra)!;

  useServer<Record<string, unknown>, { state?: ConnectionState }>(
    {
      schema: deps.schema,
      connectionInitWaitTimeout: 10_000,
      onConnect: async (ctx) => {
        const ip = deps.clientAddress(ctx.extra.request);
        const socket = ctx.extra.socket;
        const state: ConnectionState = {
          ip,
          active: 0,
          checkedAt: deps.clock.now().getTime(),
          requestIds: new Map(),
          close: (code, reason) => socket.close(code, reason),
        };
        states.set(ctx.extra, state);
        const header = ctx.connectionParams?.['Authorization'] ?? ctx.connectionParams?.['authorization'];
        try {
          state.header = typeof header === 'string' ? header : undefined;
          state.actor = await authenticate(deps.authenticator, state.header, ip);
          // Closed while the key was being checked: onClose has run already, so do not count it.
          if (socket.readyState !== socket.OPEN) return false;
          const owner = connectionOwner(state.actor);
          const open = connectionsPerOwner.get(owner) ?? 0;
          if (open >= MAX_CONNECTIONS_PER_KEY) {
            socket.close(TOO_MANY_CONNECTIONS, `Too many connections: at most ${MAX_CONNECTIONS_PER_KEY} per API key`);
            return false;
          }
          connectionsPerOwner.set(owner, open + 1);
          state.owner = owner;
          return true;
        } catch (error) {
          if (error instanceof AppError) return false;
          throw error;
        }
      },
      onSubscribe: async (ctx, id, payload) => {
        const state = stateOf(ctx.extra);
        // The id in logs and error messages is the server's own: the message id is the client's choice.
        const requestId = deps.ids.uuid();
        state.requestIds.set(id, requestId);
        // The key is checked again for every subscription: one revoked or expired since connecting gets nothing new.
        let actor: Actor;
        try {
          actor = await authenticate(deps.authenticator, state.header, state.ip);
        } catch (error) {
          if (error instanceof AppError) return [new GraphQLError(error.message, { originalError: error })];
          throw error;
        }
        state.actor = actor;
        state.checkedAt = deps.clock.now().getTime();
        const limited = deps.limits.take(actor, state.ip);
        if (limited) return [limited.error];
        if (state.active >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection.`, { extensions: { code: 'too_many_subscriptions' } })];
        }
        const variables = (payload.variables ?? {}) as Record<string, unknown>;
        const prepared = deps.preparer.prepare(payload.query, payload.operationName ?? undefined, variables);
        if (!prepared.ok) return [...prepared.errors];
        return {
          schema: deps.schema,
          document: prepared.prepared.document,
          operationName: payload.operationName ?? undefined,
          variableValues: variables,
          contextValue: graphqlContext(deps.runtime, { actor, requestId, ip: state.ip }),
        };
      },
      subscribe: (args) => subscribe(args),
      onOperation: (ctx) => {
        stateOf(ctx.extra).active += 1;
      },
      onClose: (ctx) => {
        const owner = states.get(ctx.extra)?.owner;
        if (owner === undefined) return;
        const left = (connectionsPerOwner.get(owner) ?? 1) - 1;
        if (left > 0) connectionsPerOwner.set(owner, left);
        else connectionsPerOwner.delete(owner);
      },
      onComplete: (ctx, id) => {
        const state = stateOf(ctx.extra);
        state.active = Math.max(0, state.active - 1);
        state.requestIds.delete(id);
      },
      // An error message ends the operation (a refused subscribe gets no onComplete).
      onError: (ctx, id, _payload, errors) => {
        const { requestIds } = stateOf(ctx.extra);
        const requestId = requestIds.get(id) ?? deps.ids.uuid();
        requestIds.delete(id);
        return errors.map((error) => formatError(error, requestId, deps.logger));
      },
      onNext: async (ctx, id, _payload, _args, result) => {
        // A key revoked or expired while its subscriptions stay open must stop receiving: check it again now and then.
        const state = stateOf(ctx.extra);
        const now = deps.clock.now().getTime();
        if (now - state.checkedAt >= KEY_RECHECK_MS) {
          try {
            state.actor = await authenticate(deps.authenticator, state.header, state.ip);
            state.checkedAt = now;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            state.close(FORBIDDEN, 'Forbidden: the API key is no longer valid');
            return { errors: [] };
          }
        }
        if (!result.errors) return undefined;
        const requestId = state.requestIds.get(id) ?? deps.ids.uuid();
        return { ...result, errors: result.errors.map((error) => formatError(error, requestId, deps.logger)) };
      },
    },
    wss,
  );

  return {
    upgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0];
      if (path !== GRAPHQL_WS_PATH) return false;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    async close() {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
