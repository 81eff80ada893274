import { openStore } from '../../adapters/open-store.js';
import type { StoreBundle, StoreKind } from '../../adapters/store.js';
import pg from 'pg';
import { suite, type Test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SqlMigration } from '../../kernel/contract/plugin.js';
import type { Tx } from '../../ports/unit-of-work.js';
import { deferred, Log, runsConcurrently, TEST_TIMEOUT_MS, turns, withTimeout } from './harness.js';

/** BANK_TEST_STORES=memory,pglite narrows the matrix; postgres runs only with DATABASE_URL. */
const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((kind) => kind.trim());
const silent = { debug() {}, info() {}, warn() {}, error() {} };

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
  /**
   * Proves that `second` waits for the rows `first` holds: `first` runs in
   * one unit of work and keeps it open until `second`, in another, is seen
   * waiting for a lock (PostgreSQL) or cannot start (memory and PGlite run
   * one unit of work at a time); `second` must end after `first` commits.
   */
  waitsFor(first: (tx: Tx) => Promise<unknown>, second: (tx: Tx) => Promise<unknown>): Promise<void>;
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
  const run = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => store!.unitOfWork.run(work);
  return {
    test,
    it: (name, body) => test(name, () => withTimeout(TEST_TIMEOUT_MS, name, () => body(repositories!))),
    run,
    async waitsFor(first, second) {
      const held = deferred();
      const release = deferred();
      const log = new Log();
      const holding = run(async (tx) => {
        await first(tx);
        held.resolve();
        await release.promise;
        log.add('first');
      });
      await held.promise;
      const waiting = run(async (tx) => {
        await second(tx);
        log.add('second');
      });
      let whileHeld: string[];
      try {
        if (runsConcurrently(store!)) await Promise.race([lockWaitSeen(waiting), waiting]);
        else await turns();
        whileHeld = [...log.entries];
      } finally {
        // Ends the first unit of work whatever happened, so a failure cannot leave it open and hang the suite.
        release.resolve();
        await Promise.allSettled([holding, waiting]);
      }
      assert.equal(whileHeld, [], 'the second unit of work went on while the first held its rows');
      await Promise.all([holding, waiting]);
      assert.equal(log.entries, ['first', 'second']);
    },
  };
}

/** Resolves once a session of this PostgreSQL database waits for a lock, or when `until` settles (then nothing was seen waiting). */
async function lockWaitSeen(until: Promise<unknown>): Promise<void> {
  let settled = false;
  until.then(
    () => (settled = true),
    () => (settled = true),
  );
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    while (!settled) {
      const { rows } = await client.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0]!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    await client.end();
  }
}
