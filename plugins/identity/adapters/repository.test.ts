import type { StoreBundle } from '../../../adapters/store.js';
import { onEveryStore } from '../../../test/contracts/plugin-stores.js';
import {
  MemoryApiKeyRepository,
  MemoryTeamRepository,
  MemoryUserRepository,
} from './memory/memory-identity-repositories.js';
import { identityRepositoryContract, type IdentityRepositories } from './repository.contract.js';
import { identityMigrations } from './sql/migrations.js';
import { SqlApiKeyRepository, SqlTeamRepository, SqlUserRepository } from './sql/sql-identity-repositories.js';

// Memory repositories keep their rows in the instance: new instances are empty.
async function memoryRepositories(): Promise<IdentityRepositories> {
  return { teams: new MemoryTeamRepository(), users: new MemoryUserRepository(), keys: new MemoryApiKeyRepository() };
}

async function sqlRepositories(store: StoreBundle): Promise<IdentityRepositories> {
  await store.truncateAll();
  return { teams: new SqlTeamRepository(), users: new SqlUserRepository(), keys: new SqlApiKeyRepository() };
}

onEveryStore('identity', identityMigrations, (kind, open) => {
  identityRepositoryContract(kind, { open, reset: kind === 'memory' ? memoryRepositories : sqlRepositories }).run();
});
