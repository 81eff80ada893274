import { openStore } from '../adapters/open-store.js';
import type { StoreBundle, StoreKind } from '../adapters/store.js';
import type { SqlMigration } from '../kernel/contract/plugin.js';
import type { Logger } from '../ports/logger.js';

/**
 * The test kit: what a plugin's contract suites and test helpers use to run
 * on every store. Import it from tests and from a plugin's `adapters/`
 * test support (repository.contract.ts) only; production code never needs it.
 */
export type { StoreBundle, StoreKind } from '../adapters/store.js';
export { ManualClock } from '../test/fixtures/manual-clock.js';
export { SeededIds, SeededRandom } from '../test/fixtures/seeded.js';

const silent: Logger = { info() {}, warn() {}, error() {} };

/**
 * The stores a contract suite runs on: memory and PGlite, and PostgreSQL
 * when DATABASE_URL is set. BANK_TEST_STORES=memory,pglite narrows the list.
 */
export function storesUnderTest(): StoreKind[] {
  const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((kind) => kind.trim());
  const all: StoreKind[] = ['memory', 'pglite', 'postgres'];
  return all.filter((kind) => wanted.includes(kind) && (kind !== 'postgres' || Boolean(process.env.DATABASE_URL)));
}

/**
 * Opens a store with the kernel's tables and, on SQL stores, the plugin's
 * migrations applied (PGlite in memory; PostgreSQL at DATABASE_URL).
 */
export async function openTestStore(kind: StoreKind, plugin: string, migrations: Readonly<Record<string, SqlMigration>> = {}): Promise<StoreBundle> {
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: silent });
  await store.init();
  if (store.family === 'sql') await store.migrator.migrate(plugin, migrations);
  return store;
}
