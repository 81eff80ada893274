import { onEveryStore } from '../../../kit/testing.js';
import { MemoryPrivacyRequestRepository } from './memory/memory-privacy-repository.js';
import { privacyRepositoryContract } from './repository.contract.js';
import { privacyMigrations } from './sql/migrations.js';
import { SqlPrivacyRequestRepository } from './sql/sql-privacy-repository.js';

onEveryStore('privacy', privacyMigrations, (kind, open) =>
  privacyRepositoryContract(`privacy request repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryPrivacyRequestRepository();
      await store.truncateAll();
      return new SqlPrivacyRequestRepository();
    },
  }).run(),
);
