import { openStore } from '../../adapters/open-store.js';
import type { StoreBundle, StoreKind } from '../../adapters/store.js';
import { suite, type Test } from 'uvu';
import type { SqlMigration } from '../../kernel/contract/plugin.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { TEST_TIMEOUT_MS, withTimeout } from './harness.js';

/** BANK_TEST_STORES=memory,pglite narrows the matrix; postgres runs only with DATABASE_URL. */
const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((kind) => kind.trim());
const silent = { info() {}, warn() {}, error() {} };

/**
 * Calls `suite` once per store a plugin's repository contract runs on:
 * memory, PGlite in memory, and PostgreSQL when DATABASE_URL is set. The SQL
 * stores are opened with the kernel's tables and the plugin's migrations.
 */
export function onEveryStore(
  plugin: string,
  migrations: Readonly<Record<string, SqlMigration>>,
  suite: (kind: StoreKind, open: () => Promise<StoreBundle>) => void,
): void {
  const openSql = async (kind: 'pglite' | 'postgres'): Promise<StoreBundle> => {
    const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: silent });
    await store.init();
    await store.migrator.migrate(plugin, migrations);
    return store;
  };
  if (wanted.includes('memory')) suite('memory', () => openStore({ kind: 'memory', logger: silent }));
  if (wanted.includes('pglite')) suite('pglite', () => openSql('pglite'));
  if (wanted.includes('postgres') && process.env.DATABASE_URL) suite('postgres', () => openSql('postgres'));
}

export interface RepositoryHarness<Repositories> {
  open(): Promise<StoreBundle>;
  /** Fresh, empty repositories over the opened store (a SQL store is truncated first). */
  reset(store: StoreBundle): Promise<Repositories>;
}

export interface RepositorySuite<Repositories> {
  readonly test: Test;
  /** Registers a test, with a timeout, that gets this test's empty repositories. */
  it(name: string, body: (repositories: Repositories) => Promise<void>): void;
  /** Runs `work` in one unit of work of the suite's store. */
  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * The frame of a plugin's repository contract: one store opened for the
 * suite, fresh repositories before each test, the store closed at the end.
 */
export function repositorySuite<Repositories>(title: string, harness: RepositoryHarness<Repositories>): RepositorySuite<Repositories> {
  const test = suite(title);
  let store: StoreBundle | undefined;
  let repositories: Repositories | undefined;
  test.before(async () => {
    store = await harness.open();
  });
  test.before.each(async () => {
    repositories = await harness.reset(store!);
  });
  test.after(async () => {
    await store?.close();
  });
  return {
    test,
    it: (name, body) => test(name, () => withTimeout(TEST_TIMEOUT_MS, name, () => body(repositories!))),
    run: (work) => store!.unitOfWork.run(work),
  };
}
