import { onEveryStore } from '../../../kit/testing.js';
import { MemoryCardRepository } from './memory/memory-card-repository.js';
import { cardRepositoryContract } from './repository.contract.js';
import { cardIssuanceMigrations } from './sql/migrations.js';
import { SqlCardRepository } from './sql/sql-card-repository.js';

onEveryStore('card-issuance', cardIssuanceMigrations, (kind, open) =>
  cardRepositoryContract(`card-issuance repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryCardRepository();
      await store.truncateAll();
      return new SqlCardRepository();
    },
  }).run(),
);
