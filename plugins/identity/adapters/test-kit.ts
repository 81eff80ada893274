import { Container, ContainerModule, type ServiceIdentifier } from 'inversify';
import { ManualClock, openStore, SeededIds, SeededRandom, type StoreBundle, type StoreKind } from '../../../kit/testing.js';
import { pluginModule } from '../../../kit/testing.js';
import {
  Authenticator,
  Clock,
  Ids,
  OperatorKeys,
  Random,
  UnitOfWork,
  type Actor,
  type Logger,
  type OperatorBootstrap,
  type Permission,
  type RequestContext,
  type Token,
} from '../../../kernel/public.js';
import { identityConfigSchema } from '../config.js';
import identityPlugin from '../index.js';
import { CreateUser } from '../operations.js';
import { identityMigrations } from './sql/migrations.js';

/**
 * Test support for identity's unit tests: the real manifest's bindings in a
 * fresh container over a real store (memory by default), a manual clock and
 * seeded ids and random bytes. BANK_TEST_STORE=pglite runs the same tests on
 * PGlite. No HTTP; the e2e tests cover that.
 */
export interface IdentityKit {
  readonly clock: ManualClock;
  readonly store: StoreBundle;
  readonly random: SeededRandom;
  get<T>(port: Token<T> | ServiceIdentifier<T>): T;
  /** The operator's actor and key (created by ensureOperator). */
  readonly operator: { readonly actor: Actor; readonly key: string };
  /** What the kit's ensureOperator call returned. */
  readonly bootstrap: OperatorBootstrap;
  /** Creates a user (new team) through the real operation. */
  user(name: string, email?: string): Promise<{ readonly actor: Actor; readonly key: string }>;
  close(): Promise<void>;
}

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
let requests = 0;

export function contextOf(actor: Actor): RequestContext {
  requests += 1;
  return { actor, requestId: `req-${requests}`, ip: '127.0.0.1' };
}

/** Resolves when `promise` rejects (and its message matches), fails the test otherwise. */
export async function rejects(promise: Promise<unknown>, pattern?: RegExp): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    if (pattern && !pattern.test(String((error as Error)?.message))) {
      throw new Error(`rejected with '${String((error as Error)?.message)}', expected ${pattern}`);
    }
    return error;
  }
  throw new Error('expected a rejection');
}

export function actorWith(actor: Actor, permissions: readonly Permission[]): Actor {
  return { ...actor, permissions };
}

export async function identityKit(
  options: { store?: StoreKind; config?: Record<string, unknown>; seed?: string; operatorKey?: string } = {},
): Promise<IdentityKit> {
  const seed = options.seed ?? 'identity';
  const clock = new ManualClock('2026-01-01T00:00:00.000Z');
  const ids = new SeededIds(`${seed}:ids`);
  const random = new SeededRandom(`${seed}:random`);
  const kind = options.store ?? (process.env.BANK_TEST_STORE as StoreKind | undefined) ?? 'memory';
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, clock, ids, logger: silent });
  if (kind === 'postgres') await store.truncateAll();
  await store.init();
  await store.migrator.migrate('identity', identityMigrations);
  const config = identityConfigSchema.parse(options.config ?? {});
  const context = { name: 'identity', config, store: store.family, logger: silent };
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(
    new ContainerModule(({ bind }) => {
      bind(Clock).toConstantValue(clock);
      bind(Ids).toConstantValue(ids);
      bind(Random).toConstantValue(random);
      bind(UnitOfWork).toConstantValue(store.unitOfWork);
    }),
    pluginModule(identityPlugin, context, { bound: new Set(), injects: new Map() }),
  );
  const get = <T>(port: Token<T> | ServiceIdentifier<T>): T => container.get<T>(port as ServiceIdentifier<T>);
  const bootstrap = await get(OperatorKeys).ensureOperator(options.operatorKey);
  const operatorKey = bootstrap.key!;
  const operatorActor = await authenticateAs(get, operatorKey);
  let users = 0;
  return {
    clock,
    store,
    random,
    get,
    operator: { actor: operatorActor, key: operatorKey },
    bootstrap,
    async user(name, email) {
      users += 1;
      const created = await get(CreateUser).execute(
        { name, email: email ?? `user${users}@example.test` },
        contextOf(operatorActor),
      );
      return { actor: await authenticateAs(get, created.api_key.key), key: created.api_key.key };
    },
    close: () => store.close(),
  };
}

function authenticateAs(get: <T>(port: Token<T>) => T, key: string): Promise<Actor> {
  return get(Authenticator).authenticate(key, '127.0.0.1');
}
