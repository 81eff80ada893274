import { onEveryStore } from '../../../kit/testing.js';
import { MemoryPoolRepository } from './memory/memory-pool-repository.js';
import { MemoryQuoteRepository } from './memory/memory-quote-repository.js';
import { MemoryLiquidityRepository } from './memory/memory-liquidity-repository.js';
import { MemorySwapRepository } from './memory/memory-swap-repository.js';
import { defiRepositoryContract } from './repository.contract.js';
import { defiMigrations } from './sql/migrations.js';
import { SqlPoolRepository } from './sql/sql-pool-repository.js';
import { SqlQuoteRepository } from './sql/sql-quote-repository.js';
import { SqlLiquidityRepository } from './sql/sql-liquidity-repository.js';
import { SqlSwapRepository } from './sql/sql-swap-repository.js';

onEveryStore('defi', defiMigrations, (kind, open) =>
  defiRepositoryContract(`defi repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { pools: new MemoryPoolRepository(), quotes: new MemoryQuoteRepository(), swaps: new MemorySwapRepository(), liquidity: new MemoryLiquidityRepository() };
      await store.truncateAll();
      return { pools: new SqlPoolRepository(), quotes: new SqlQuoteRepository(), swaps: new SqlSwapRepository(), liquidity: new SqlLiquidityRepository() };
    },
  }).run(),
);
