import { onEveryStore } from '../../../kit/testing.js';
import { MemoryQueryLogRepository } from './memory/memory-query-log-repository.js';
import { queryLogRepositoryContract } from './repository.contract.js';
import { aiMigrations } from './sql/migrations.js';
import { SqlQueryLogRepository } from './sql/sql-query-log-repository.js';

onEveryStore('ai', aiMigrations, (kind, open) =>
  queryLogRepositoryContract(`ai query log repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryQueryLogRepository();
      await store.truncateAll();
      return new SqlQueryLogRepository();
    },
  }).run(),
);
