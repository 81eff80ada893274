import { storesUnderTest } from '../../../kit/testing.js';
import { MemoryItemRepository } from './memory/memory-item-repository.js';
import { itemRepositoryContract } from './repository.contract.js';
import { SqlItemRepository } from './sql/sql-item-repository.js';

for (const kind of storesUnderTest()) {
  itemRepositoryContract(kind, async (store) => {
    if (store.family === 'memory') return new MemoryItemRepository();
    await store.truncateAll();
    return new SqlItemRepository();
  }).run();
}
