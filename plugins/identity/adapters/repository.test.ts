import { openStore } from '../../../adapters/open-store.js';
import type { StoreBundle } from '../../../adapters/store.js';
import {
  MemoryApiKeyRepository,
  MemoryTeamRepository,
  MemoryUserRepository,
} from './memory/memory-identity-repositories.js';
import { identityRepositoryContract } from './repository.contract.js';
import { identityMigrations } from './sql/migrations.js';
import { SqlApiKeyRepository, SqlTeamRepository, SqlUserRepository } from './sql/sql-identity-repositories.js';

/** BANK_TEST_STORES=memory,pglite narrows the matrix; postgres runs only with DATABASE_URL. */
const wanted = (process.env.BANK_TEST_STORES ?? 'memory,pglite,postgres').split(',').map((s) => s.trim());
const silent = { info() {}, warn() {}, error() {} };

const sqlRepositories = async (store: StoreBundle) => {
  await store.truncateAll();
  return { teams: new SqlTeamRepository(), users: new SqlUserRepository(), keys: new SqlApiKeyRepository() };
};

async function openSql(kind: 'pglite' | 'postgres'): Promise<StoreBundle> {
  const store = await openStore({ kind, dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, logger: silent });
  await store.init();
  await store.migrator.migrate('identity', identityMigrations);
  return store;
}

if (wanted.includes('memory')) {
  identityRepositoryContract('memory', {
    open: async () => openStore({ kind: 'memory', logger: silent }),
    // Memory repositories keep their rows in the instance: new instances are empty.
    reset: async () => ({
      teams: new MemoryTeamRepository(),
      users: new MemoryUserRepository(),
      keys: new MemoryApiKeyRepository(),
    }),
  }).run();
}

if (wanted.includes('pglite')) {
  identityRepositoryContract('pglite', { open: () => openSql('pglite'), reset: sqlRepositories }).run();
}

if (wanted.includes('postgres') && process.env.DATABASE_URL) {
  identityRepositoryContract('postgres', { open: () => openSql('postgres'), reset: sqlRepositories }).run();
}
