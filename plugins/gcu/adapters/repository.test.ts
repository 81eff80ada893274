import { openStore } from '../../../adapters/open-store.js';
import type { StoreBundle } from '../../../adapters/store.js';
import { MemoryGcuRepository } from './memory/memory-gcu-repository.js';
import { gcuRepositoryContract } from './repository.contract.js';
import { gcuMigrations } from './sql/migrations.js';
import { SqlGcuRepository } from './sql/sql-gcu-repository.js';

/** BANK_TEST_STORES=memory,pglite narrows the matrix; postgres runs only with DATABASE_URL. */
const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((s) => s.trim());
const silent = { info() {}, warn() {}, error() {} };

async function openSql(kind: 'pglite' | 'postgres'): Promise<StoreBundle> {
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: silent });
  await store.init();
  await store.migrator.migrate('gcu', gcuMigrations);
  return store;
}

const emptySql = async (store: StoreBundle) => {
  await store.truncateAll();
  return new SqlGcuRepository();
};

if (wanted.includes('memory')) {
  // Memory repositories keep their rows in the instance: a new instance is empty.
  gcuRepositoryContract('memory', { open: async () => openStore({ kind: 'memory', logger: silent }), reset: async () => new MemoryGcuRepository() }).run();
}

if (wanted.includes('pglite')) {
  gcuRepositoryContract('pglite', { open: () => openSql('pglite'), reset: emptySql }).run();
}

if (wanted.includes('postgres') && process.env.DATABASE_URL) {
  gcuRepositoryContract('postgres', { open: () => openSql('postgres'), reset: emptySql }).run();
}
