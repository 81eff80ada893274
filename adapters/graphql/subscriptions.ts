import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import type { Actor } from '../../kernel/contract/context.js';
import { AppError, RateLimitedError } from '../../kernel/errors/index.js';
import { API_KEY_REVOKED_EVENT, type Authenticator } from '../../ports/authenticator.js';
import type { CallGate } from '../../ports/call-gate.js';
import type { Clock } from '../../ports/clock.js';
import type { EventStream } from '../../ports/event-stream.js';
import type { Ids } from '../../ports/ids.js';
import type { Logger } from '../../ports/logger.js';
import { authenticate } from '../edge/auth.js';
import { graphqlContext, type GatedRequest, type GraphqlRuntime } from './context.js';
import { formatError } from './errors.js';
import { subscribe, type OperationPreparer } from './execute.js';
import type { GraphqlRateLimits } from './rate-limits.js';
import { bindGraphqlWs } from './ws-binding.js';

export const GRAPHQL_WS_PATH = '/api/graphql';
/** Subscriptions one connection may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 100;
/**
 * An open connection's key is checked again before a message goes out once
 * this long has passed since the last check: what no event announces (a
 * partner suspended by the CallGate, a key's row changed by hand). Revocation
 * and expiry do not wait for it.
 */
export const KEY_RECHECK_MS = 10_000;
/** Open WebSocket connections one API key (or one operator/user) may hold at once. */
export const MAX_CONNECTIONS_PER_KEY = 50;
/** Close code for a connection whose key is no longer valid (graphql-ws uses 4403 for Forbidden). */
const FORBIDDEN = 4403;
/** Close code for a connection over MAX_CONNECTIONS_PER_KEY (4429, after HTTP 429). */
const TOO_MANY_CONNECTIONS = 4429;
/** graphql-ws's close code for a subscribe whose id is in use. */
const SUBSCRIBER_EXISTS = 4409;

const connectionOwner = (actor: Actor): string => (actor.apiKeyId !== '' ? `key:${actor.apiKeyId}` : `${actor.kind}:${actor.teamId}:${actor.userId}`);

export interface SubscriptionDeps {
  readonly schema: GraphQLSchema;
  /** The client address of an upgrade request, by the same rule as REST's req.ip (http.trustProxy). */
  readonly clientAddress: (req: IncomingMessage) => string;
  readonly preparer: OperationPreparer;
  readonly runtime: GraphqlRuntime;
  readonly authenticator: Authenticator;
  /**
   * The live event stream, unfiltered, for api_key.revoked: listened to while
   * any socket is open (from before its key is checked), so a revocation
   * committed in any process closes that key's sockets at once.
   */
  readonly keyEvents: EventStream;
  /** The partner module's CallGate, when enabled: checked with the key at connect, at each subscribe and at each recheck. */
  readonly gate?: CallGate;
  readonly limits: GraphqlRateLimits;
  readonly ids: Ids;
  readonly clock: Clock;
  readonly logger: Logger;
}

interface ConnectionState {
  actor?: Actor;
  header?: string;
  /** connection_init's X-Partner-Key, for the CallGate. */
  partnerKey?: string;
  ip: string;
  /** Clock time of the last successful key check. */
  checkedAt: number;
  /** When the key expires (ms), from the last check; undefined: never. Checked before every delivery. */
  expiresAt?: number;
  /** Keys revoked while this connection's key was being checked at connect (it has no actor yet to match). */
  revokedWhileChecking?: string[];
  /** The key this connection counts against, once accepted. */
  owner?: string;
  /**
   * Every operation from its subscribe message until the server has
   * finished it (refused, completed or failed), by the client's id, with
   * the server's request id. It counts against
   * MAX_SUBSCRIPTIONS_PER_CONNECTION from the moment the message arrives,
   * so a burst cannot pass the cap while keys are being checked.
   */
  readonly operations: Map<string, string>;
  close(code: number, reason: string): void;
}

/**
 * graphql-ws over ws on the HTTP server's port. The connection_init payload
 * carries {Authorization: "Bearer <key>"}; without a valid key the socket is
 * closed with 4403 before any subscription; the key is checked again at every
 * subscribe message. A revoked key's sockets close with 4403 as the
 * api_key.revoked event arrives on the live stream; an expired key's socket
 * closes with 4403 at its next delivery, instead of receiving it (the expiry
 * is cached with the socket); anything else that ends a key is caught before
 * a message goes out once KEY_RECHECK_MS has passed since the last check.
 * Each subscribe message counts against the GraphQL request limit and passes
 * the same depth, complexity and cost checks as POST.
 */
export function createSubscriptionServer(deps: SubscriptionDeps): {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
} {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 100_000 });
  const connectionsPerOwner = new Map<string, number>();
  const states = new WeakMap<object, ConnectionState>();
  const stateOf = (extra: object): ConnectionState => states.get(extra)!;
  /** Every open connection, from before its key is checked: the revocation listener's targets. */
  const connections = new Set<ConnectionState>();
  let unlisten: (() => void) | undefined;
  const onKeyEvent = (event: { type: string; payload: Record<string, unknown> }): void => {
    if (event.type !== API_KEY_REVOKED_EVENT) return;
    const keyId = event.payload['api_key_id'];
    if (typeof keyId !== 'string' || keyId === '') return;
    for (const state of connections) {
      if (state.actor === undefined) (state.revokedWhileChecking ??= []).push(keyId);
      else if (state.actor.apiKeyId === keyId) state.close(FORBIDDEN, 'Forbidden: the API key was revoked');
    }
  };
  /** Listens only while sockets are open: a listener makes every commit of this process read the log. */
  const track = (state: ConnectionState, socket: { once(event: 'close', listener: () => void): unknown }): void => {
    connections.add(state);
    unlisten ??= deps.keyEvents.subscribe(onKeyEvent);
    socket.once('close', () => {
      connections.delete(state);
      if (connections.size === 0 && unlisten) {
        unlisten();
        unlisten = undefined;
      }
    });
  };
  /** A result's errors in the envelope's form, with the operation's server request id. */
  const formatted = (state: ConnectionState, id: string, result: { errors?: readonly GraphQLError[] }) => {
    const requestId = state.operations.get(id) ?? deps.ids.uuid();
    return { ...result, errors: (result.errors ?? []).map((error) => formatError(error, requestId, deps.logger)) };
  };
  /** The key's expiry as of the last check, cached with the socket. */
  const remember = (state: ConnectionState, actor: Actor): void => {
    state.actor = actor;
    state.checkedAt = deps.clock.now().getTime();
    if (actor.keyExpiresAt) state.expiresAt = actor.keyExpiresAt.getTime();
    else delete state.expiresAt;
  };
  /** The key, then the CallGate (a partner's status, allow-list, limits, sandbox key), as on POST /graphql. */
  const admitted = async (state: ConnectionState): Promise<Actor> => (await admittedCall(state)).actor;
  /** The same, with what the gate admitted, which judges each field's operation too. */
  const admittedCall = async (state: ConnectionState): Promise<{ actor: Actor; gated?: GatedRequest }> => {
    const actor = await authenticate(deps.authenticator, state.header, state.ip);
    if (!deps.gate) return { actor };
    const call = { actor, ip: state.ip, ...(state.partnerKey !== undefined ? { partnerKey: state.partnerKey } : {}) };
    return { actor: await deps.gate.admit(call), gated: { gate: deps.gate, call } };
  };

  bindGraphqlWs<Record<string, unknown>, { state?: ConnectionState }>(
    {
      schema: deps.schema,
      connectionInitWaitTimeout: 10_000,
      onConnect: async (ctx) => {
        const ip = deps.clientAddress(ctx.extra.request);
        const socket = ctx.extra.socket;
        const state: ConnectionState = {
          ip,
          checkedAt: deps.clock.now().getTime(),
          operations: new Map(),
          close: (code, reason) => socket.close(code, reason),
        };
        states.set(ctx.extra, state);
        // Before the key is checked: a revocation committed after the check still reaches this socket.
        track(state, socket);
        const header = ctx.connectionParams?.['Authorization'] ?? ctx.connectionParams?.['authorization'];
        try {
          state.header = typeof header === 'string' ? header : undefined;
          const partnerKey = ctx.connectionParams?.['X-Partner-Key'] ?? ctx.connectionParams?.['x-partner-key'];
          if (typeof partnerKey === 'string') state.partnerKey = partnerKey;
          const actor = await admitted(state);
          // Closed while the key was being checked: onClose has run already, so do not count it.
          if (socket.readyState !== socket.OPEN) return false;
          if (state.revokedWhileChecking?.includes(actor.apiKeyId)) return false;
          delete state.revokedWhileChecking;
          remember(state, actor);
          const owner = connectionOwner(actor);
          const open = connectionsPerOwner.get(owner) ?? 0;
          if (open >= MAX_CONNECTIONS_PER_KEY) {
            socket.close(TOO_MANY_CONNECTIONS, `Too many connections: at most ${MAX_CONNECTIONS_PER_KEY} per API key`);
            return false;
          }
          connectionsPerOwner.set(owner, open + 1);
          state.owner = owner;
          return true;
        } catch (error) {
          // An address throttled for failed authentications (the edge's Authenticator): 4429, as HTTP answers 429.
          if (error instanceof RateLimitedError) {
            socket.close(TOO_MANY_CONNECTIONS, 'Too many failed authentications from this address');
            return false;
          }
          if (error instanceof AppError) return false;
          throw error;
        }
      },
      onSubscribe: async (ctx, id, payload) => {
        const state = stateOf(ctx.extra);
        // graphql-ws forgets an id when `complete` arrives while its subscribe is still being set up; a second subscribe
        // with that id would then take the first one's place and leave its stream running where nothing can stop it.
        // So an id stays taken until the server has finished its operation, and reusing it earlier is a duplicate.
        if (state.operations.has(id)) {
          state.close(SUBSCRIBER_EXISTS, `Subscriber for ${id} already exists`);
          return [new GraphQLError(`Subscriber for ${id} already exists.`)];
        }
        if (state.operations.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [new GraphQLError(`At most ${MAX_SUBSCRIPTIONS_PER_CONNECTION} subscriptions per connection.`, { extensions: { code: 'too_many_subscriptions' } })];
        }
        // The id in logs and error messages is the server's own: the message id is the client's choice.
        state.operations.set(id, deps.ids.uuid());
        // graphql-ws reports a refusal only when the client has not completed the id meanwhile: release it here.
        const refuse = (errors: readonly GraphQLError[]): GraphQLError[] => {
          state.operations.delete(id);
          return [...errors];
        };
        // The key is checked again for every subscription: one revoked or expired since connecting gets nothing new.
        let actor: Actor;
        let gated: GatedRequest | undefined;
        try {
          ({ actor, gated } = await admittedCall(state));
        } catch (error) {
          if (error instanceof AppError) return refuse([new GraphQLError(error.message, { originalError: error })]);
          throw error;
        }
        remember(state, actor);
        const limited = deps.limits.take(actor, state.ip);
        if (limited) return refuse([limited.error]);
        const variables = (payload.variables ?? {}) as Record<string, unknown>;
        const prepared = deps.preparer.prepare(payload.query, payload.operationName ?? undefined, variables);
        if (!prepared.ok) return refuse(prepared.errors);
        return {
          schema: deps.schema,
          document: prepared.prepared.document,
          operationName: payload.operationName ?? undefined,
          variableValues: variables,
          contextValue: graphqlContext(deps.runtime, { actor, requestId: state.operations.get(id)!, ip: state.ip }, gated),
        };
      },
      subscribe: (args) => subscribe(args),
      onClose: (ctx) => {
        const owner = states.get(ctx.extra)?.owner;
        if (owner === undefined) return;
        const left = (connectionsPerOwner.get(owner) ?? 1) - 1;
        if (left > 0) connectionsPerOwner.set(owner, left);
        else connectionsPerOwner.delete(owner);
      },
      onComplete: (ctx, id) => {
        stateOf(ctx.extra).operations.delete(id);
      },
      // An error message ends the operation (a refused subscribe gets no onComplete).
      onError: (ctx, id, _payload, errors) => {
        const { operations } = stateOf(ctx.extra);
        const requestId = operations.get(id) ?? deps.ids.uuid();
        operations.delete(id);
        return errors.map((error) => formatError(error, requestId, deps.logger));
      },
      onNext: async (ctx, id, _payload, _args, result) => {
        const state = stateOf(ctx.extra);
        const now = deps.clock.now().getTime();
        // An expired key gets nothing more: its expiry is cached with the socket, so this costs no lookup.
        if (state.expiresAt !== undefined && state.expiresAt <= now) {
          state.close(FORBIDDEN, 'Forbidden: the API key has expired');
          return { errors: [] };
        }
        // What no event announces (a partner suspended, a key changed by hand): check the key again now and then.
        if (now - state.checkedAt >= KEY_RECHECK_MS) {
          try {
            remember(state, await admitted(state));
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            // The address is throttled (others' failures): that says nothing against this key; check again next time.
            if (error instanceof RateLimitedError) return result.errors ? formatted(state, id, result) : undefined;
            state.close(FORBIDDEN, 'Forbidden: the API key is no longer valid');
            return { errors: [] };
          }
        }
        return result.errors ? formatted(state, id, result) : undefined;
      },
    },
    wss,
    deps.logger,
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
