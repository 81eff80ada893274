import { onEveryStore } from '../../../kit/testing.js';
import { MemoryIssuanceRepository } from './memory/memory-issuance-repository.js';
import { issuanceRepositoryContract } from './repository.contract.js';
import { stablecoinMigrations } from './sql/migrations.js';
import { SqlIssuanceRepository } from './sql/sql-issuance-repository.js';

onEveryStore('stablecoin', stablecoinMigrations, (kind, open) =>
  issuanceRepositoryContract(`stablecoin repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryIssuanceRepository();
      await store.truncateAll();
      return new SqlIssuanceRepository();
    },
  }).run(),
);
