import { onEveryStore } from '../../../kit/testing.js';
import { MemoryMessageRepository } from './memory/memory-message-repository.js';
import { messageRepositoryContract } from './repository.contract.js';
import { iso20022Migrations } from './sql/migrations.js';
import { SqlMessageRepository } from './sql/sql-message-repository.js';

onEveryStore('iso20022', iso20022Migrations, (kind, open) =>
  messageRepositoryContract(`iso20022 message repository: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return new MemoryMessageRepository();
      await store.truncateAll();
      return new SqlMessageRepository();
    },
  }).run(),
);
