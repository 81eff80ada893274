import { onEveryStore } from '../../../kit/testing.js';
import { MemoryAllocationRepository } from './memory/memory-allocation-repository.js';
import { MemoryRebalanceRepository } from './memory/memory-rebalance-repository.js';
import { treasuryRepositoryContract } from './repository.contract.js';
import { treasuryMigrations } from './sql/migrations.js';
import { SqlAllocationRepository } from './sql/sql-allocation-repository.js';
import { SqlRebalanceRepository } from './sql/sql-rebalance-repository.js';

onEveryStore('treasury', treasuryMigrations, (kind, open) =>
  treasuryRepositoryContract(`treasury repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { allocations: new MemoryAllocationRepository(), rebalances: new MemoryRebalanceRepository() };
      await store.truncateAll();
      return { allocations: new SqlAllocationRepository(), rebalances: new SqlRebalanceRepository() };
    },
  }).run(),
);
