import { openStore } from '../../adapters/open-store.js';
import type { StoreBundle, StoreKind } from '../../adapters/store.js';
import type { SqlMigration } from '../../kernel/contract/plugin.js';

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
