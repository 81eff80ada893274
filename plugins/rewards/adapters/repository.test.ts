import { onEveryStore } from '../../../kit/testing.js';
import { MemoryRewardsRepository } from './memory/memory-rewards-repository.js';
import { rewardsRepositoryContract } from './repository.contract.js';
import { rewardsMigrations } from './sql/migrations.js';
import { SqlRewardsRepository } from './sql/sql-rewards-repository.js';

onEveryStore('rewards', rewardsMigrations, (kind, open) =>
  rewardsRepositoryContract(`rewards repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryRewardsRepository();
      await store.truncateAll();
      return new SqlRewardsRepository();
    },
  }).run(),
);
