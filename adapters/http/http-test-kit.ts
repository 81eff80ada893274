/**
 * Test support for the HTTP adapter's own tests (not imported by production
 * code): a tiny route set, fake operations and authenticator, the memory
 * store's idempotency store and unit of work, and request helpers.
 */
import { connect } from 'node:net';
import { z } from 'zod';
import type { Actor } from '../../kernel/contract/context.js';
import { Page } from '../../kernel/contract/page.js';
import { route, type Operation, type RouteDeclaration } from '../../kernel/contract/route.js';
import { token, type Token } from '../../kernel/contract/token.js';
import { BusinessRuleError, ForbiddenError, UnauthorizedError } from '../../kernel/errors/index.js';
import type { KernelConfig } from '../../config/schema.js';
import type { Authenticator } from '../../ports/authenticator.js';
import type { Clock } from '../../ports/clock.js';
import type { IdempotencyStore } from '../../ports/idempotency-store.js';
import type { Logger } from '../../ports/logger.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';
import { createEdge } from '../edge/edge.js';
import { openStore } from '../open-store.js';
import { memoryTx } from '../memory/memory-tx.js';
import { createHttpApi, type HttpApi, type HttpApiDeps } from './http-api.js';
import type { Readiness } from './health-probes.js';
import type { HealthView } from './health-views.js';

export const KEYS = {
  reader: 'fak_reader_0000000000000000000000',
  writer: 'fak_writer_0000000000000000000000',
  /** A second key of the writer's team and user. */
  writerTwin: 'fak_writer_twin_00000000000000000',
  otherTeam: 'fak_other_00000000000000000000000',
  operator: 'fak_operator_00000000000000000000',
  expired: 'fak_expired_000000000000000000000',
} as const;

const ACTORS: Record<string, Actor> = {
  [KEYS.reader]: { kind: 'user', teamId: 'team-a', userId: 'u-reader', apiKeyId: 'k-reader', permissions: ['read'] },
  [KEYS.writer]: { kind: 'user', teamId: 'team-a', userId: 'u-writer', apiKeyId: 'k-writer', permissions: ['read', 'write', 'delete'] },
  [KEYS.writerTwin]: { kind: 'user', teamId: 'team-a', userId: 'u-writer', apiKeyId: 'k-writer-twin', permissions: ['read', 'write', 'delete'] },
  [KEYS.otherTeam]: { kind: 'user', teamId: 'team-b', userId: 'u-other', apiKeyId: 'k-other', permissions: ['read', 'write'] },
  [KEYS.operator]: { kind: 'operator', teamId: 'bank', userId: 'op', apiKeyId: 'k-op', permissions: ['read', 'write', 'delete'] },
};

export const fakeAuthenticator: Authenticator = {
  async authenticate(apiKey: string): Promise<Actor> {
    if (apiKey === KEYS.expired) throw new ForbiddenError('The API key has expired.', 'api_key_expired');
    const actor = ACTORS[apiKey];
    if (!actor) throw new UnauthorizedError('The API key is not valid.', 'invalid_api_key');
    return actor;
  },
};

export interface LogEntry {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly message: string;
  readonly fields: Record<string, unknown> | undefined;
}

export class RecordingLogger implements Logger {
  readonly entries: LogEntry[] = [];
  debug(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'debug', message, fields });
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'info', message, fields });
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, fields });
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, fields });
  }
}

/** A promise the test resolves by hand. */
export class Gate {
  readonly promise: Promise<void>;
  open!: () => void;
  constructor() {
    this.promise = new Promise<void>((resolve) => (this.open = resolve));
  }
}

const decimal = z.string().regex(/^(0|[1-9]\d*)(\.\d{1,2})?$/, 'must be a decimal string such as "10.50"');

/** What the fake operations saw and changed, so tests can check effects. */
export class FakeWorld {
  deposits = 0;
  balance = 0n;
  failures = 0;
  lastInput: unknown;
  lastContext: unknown;
  slowGate = new Gate();
  slowStarted = new Gate();
}

export interface Fixture {
  readonly api: HttpApi;
  readonly url: string;
  readonly port: number;
  readonly logger: RecordingLogger;
  readonly world: FakeWorld;
  readonly unitOfWork: UnitOfWork;
  close(): Promise<void>;
}

const T = {
  list: token<Operation>('test.list'),
  deposit: token<Operation>('test.deposit'),
  slow: token<Operation>('test.slow'),
  boom: token<Operation>('test.boom'),
  fail: token<Operation>('test.fail'),
  remove: token<Operation>('test.remove'),
  admin: token<Operation>('test.admin'),
  ping: token<Operation>('test.ping'),
  echo: token<Operation>('test.echo'),
  publicEcho: token<Operation>('test.public-echo'),
  drifted: token<Operation>('test.drifted'),
};

export const TEST_ROUTES: { plugin: string; route: RouteDeclaration }[] = [
  {
    plugin: 'things',
    route: route({
      method: 'GET',
      path: '/things',
      prefixes: ['v2'],
      access: 'read',
      query: z.object({
        page: z.coerce.number().int().min(1).default(1),
        per_page: z.coerce.number().int().min(1).max(100).default(20),
        status: z.enum(['open', 'closed']).optional(),
      }),
      response: z.array(z.object({ n: z.number() })),
      operation: T.list,
      summary: 'List things',
      tags: ['things'],
    }),
  },
  {
    plugin: 'things',
    route: route({
      method: 'DELETE',
      path: '/things/:id',
      prefixes: ['v2'],
      access: 'delete',
      status: 204,
      operation: T.remove,
      summary: 'Delete a thing',
      tags: ['things'],
    }),
  },
  {
    plugin: 'bank',
    route: route({
      method: 'POST',
      path: '/accounts/:id/deposit',
      prefixes: ['v1', 'v2'],
      access: 'write',
      params: z.object({ id: z.string().min(3, 'must be at least 3 characters') }),
      body: z.object({
        amount: decimal,
        asset_code: z.enum(['USD', 'EUR']),
        reference: z.string().max(10).optional(),
        meta: z.object({ tag: z.string() }).optional(),
      }),
      response: z.object({ account: z.string(), amount: z.string(), deposit: z.number() }),
      status: 201,
      operation: T.deposit,
      summary: 'Deposit',
      description: 'Credits an account.',
      tags: ['accounts'],
    }),
  },
  {
    plugin: 'bank',
    route: route({ method: 'POST', path: '/slow', prefixes: ['v2'], access: 'write', status: 201, operation: T.slow, summary: 'Slow', tags: ['test'] }),
  },
  {
    plugin: 'bank',
    route: route({ method: 'GET', path: '/boom', prefixes: ['v2'], access: 'read', operation: T.boom, summary: 'Fails', tags: ['test'] }),
  },
  {
    plugin: 'bank',
    route: route({
      method: 'POST',
      path: '/fail',
      prefixes: ['v2'],
      access: 'write',
      body: z.object({ note: z.string().optional() }),
      operation: T.fail,
      summary: 'Refused after writing',
      tags: ['test'],
    }),
  },
  {
    plugin: 'admin',
    route: route({ method: 'GET', path: '/admin/stats', prefixes: ['root'], access: 'operator', operation: T.admin, summary: 'Stats', tags: ['admin'] }),
  },
  {
    plugin: 'admin',
    route: route({ method: 'GET', path: '/ping', prefixes: ['root', 'v1'], access: 'public', operation: T.ping, summary: 'Ping', tags: ['system'] }),
  },
  {
    plugin: 'bank',
    route: route({ method: 'POST', path: '/echo', prefixes: ['v2'], access: 'write', operation: T.echo, summary: 'Echo', tags: ['test'] }),
  },
  {
    plugin: 'bank',
    // Answers a field its view does not have: the response check (http.checkResponses) refuses it.
    route: route({
      method: 'GET',
      path: '/drifted',
      prefixes: ['v2'],
      access: 'read',
      response: z.strictObject({ n: z.number() }),
      operation: T.drifted,
      summary: 'Drifted view',
      tags: ['test'],
    }),
  },
  {
    plugin: 'bank',
    route: route({
      method: 'POST',
      path: '/public/echo',
      prefixes: ['v2'],
      access: 'public',
      body: z.object({ word: z.string() }).strict(),
      query: z.object({ lang: z.enum(['en', 'fr']).optional() }),
      operation: T.publicEcho,
      summary: 'Public echo',
      tags: ['test'],
    }),
  },
];

function operations(world: FakeWorld, unitOfWork: UnitOfWork): Map<Token<Operation>, Operation> {
  const op = (execute: Operation['execute']): Operation => ({ execute });
  return new Map<Token<Operation>, Operation>([
    [
      T.list,
      op(async (input: { page: number; per_page: number }) => {
        const total = 45;
        const start = (input.page - 1) * input.per_page;
        const items = Array.from({ length: Math.max(0, Math.min(input.per_page, total - start)) }, (_, i) => ({ n: start + i + 1 }));
        return new Page(items, input.page, input.per_page, total);
      }),
    ],
    [T.remove, op(async () => undefined)],
    [
      T.deposit,
      op(async (input: { id: string; amount: string }, ctx) => {
        world.lastInput = input;
        world.lastContext = ctx;
        return unitOfWork.run(async (tx) => {
          const mtx = memoryTx(tx);
          world.deposits += 1;
          world.balance += BigInt(input.amount.split('.')[0]!);
          const amount = BigInt(input.amount.split('.')[0]!);
          mtx.onRollback(() => {
            world.deposits -= 1;
            world.balance -= amount;
          });
          return { account: input.id, amount: input.amount, deposit: world.deposits };
        });
      }),
    ],
    [
      T.slow,
      op(async () => {
        world.slowStarted.open();
        await world.slowGate.promise;
        return { done: true };
      }),
    ],
    [
      T.boom,
      op(async () => {
        throw new Error('connection to db://admin:hunter2@10.0.0.5 failed');
      }),
    ],
    [
      T.fail,
      op(async () =>
        unitOfWork.run(async (tx) => {
          world.failures += 1;
          memoryTx(tx).onRollback(() => (world.failures -= 1));
          throw new BusinessRuleError('account_frozen', 'The account is frozen.', { pointer: '/account' });
        }),
      ),
    ],
    [T.admin, op(async (_input, ctx) => ({ team: ctx.actor.teamId }))],
    [T.ping, op(async (_input, ctx) => ({ pong: true, actor: ctx.actor.kind }))],
    [
      T.echo,
      op(async (input, ctx) => {
        world.lastInput = input;
        world.lastContext = ctx;
        return { input, idempotencyKey: ctx.idempotencyKey ?? null };
      }),
    ],
    [T.publicEcho, op(async (input) => ({ input }))],
    [T.drifted, op(async () => ({ n: 1, secret: 'x' }))],
  ]);
}

/** What the fixture's GET /api/health answers unless a test gives its own health(). */
export const HEALTHY: HealthView = { status: 'ok', version: '9.9.9', store: 'memory', modules: [] };

export const TEST_HTTP: KernelConfig['http'] = {
  bodyLimitBytes: 2_000,
  rateLimitPerMinute: 0,
  failedAuthPerMinute: 0,
  trustProxy: false,
  shutdownGraceMs: 2_000,
  shutdownDelayMs: 0,
  headersTimeoutMs: 30_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  idempotencyRetentionHours: 24,
  checkResponses: true,
  groupCommit: { maxBatch: 100, maxInFlight: 4 },
};

export interface FixtureOptions {
  readonly http?: Partial<KernelConfig['http']>;
  readonly clock?: Clock;
  readonly idempotency?: (store: IdempotencyStore) => IdempotencyStore;
  readonly health?: () => Promise<HealthView>;
  readonly readiness?: Readiness;
}

let idCounter = 0;

/** Starts the adapter on 127.0.0.1, port 0, over the memory store. */
export async function startFixture(options: FixtureOptions = {}): Promise<Fixture> {
  const logger = new RecordingLogger();
  const clock: Clock = options.clock ?? { now: () => new Date() };
  const store = await openStore({ kind: 'memory', clock, logger, ids: { uuid: () => `id-${++idCounter}`, timeOrdered: () => `id-${++idCounter}` } });
  await store.init();
  const world = new FakeWorld();
  const ops = operations(world, store.unitOfWork);
  const http = { ...TEST_HTTP, ...options.http };
  const deps: HttpApiDeps = {
    routes: TEST_ROUTES,
    operation: (t) => {
      const found = ops.get(t);
      if (!found) throw new Error('unbound');
      return found;
    },
    edge: createEdge({
      authenticator: fakeAuthenticator,
      idempotency: options.idempotency ? options.idempotency(store.idempotency) : store.idempotency,
      unitOfWork: store.unitOfWork,
      clock,
      groupCommit: http.groupCommit,
      failedAuthPerMinute: http.failedAuthPerMinute,
    }),
    clock,
    ids: { uuid: () => `req-${++idCounter}`, timeOrdered: () => `req-${++idCounter}` },
    logger,
    http,
    environment: 'test',
    health: options.health ?? (async () => HEALTHY),
    readiness: options.readiness ?? (async () => [{ name: 'store', ok: true }]),
    openapi: { title: 'Test API', version: '9.9.9' },
  };
  const api = createHttpApi(deps);
  const { port } = await api.listen(0, '127.0.0.1');
  return {
    api,
    url: `http://127.0.0.1:${port}`,
    port,
    logger,
    world,
    unitOfWork: store.unitOfWork,
    close: async () => {
      await api.close();
      await store.close();
    },
  };
}

export interface CallOptions {
  readonly key?: string;
  readonly body?: unknown;
  readonly rawBody?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: any;
}

export async function call(fixture: Fixture, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['authorization'] = `Bearer ${options.key}`;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(fixture.url + path, { method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface RawResult {
  readonly status: number;
  readonly head: string;
  readonly body: string;
}

/**
 * Sends bytes as they are over a new socket and reads until the server closes
 * it. `stall` leaves the socket open after the bytes: a client that stops
 * sending mid-request, or one that waits for `Connection: close` rather than
 * half-closing (node aborts a half-closed request not yet answered).
 */
export function rawRequest(port: number, request: string | Buffer, options: { stall?: boolean } = {}): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: split < 0 ? '' : text.slice(split + 4) });
    });
    if (options.stall) socket.write(request);
    else socket.end(request);
  });
}
