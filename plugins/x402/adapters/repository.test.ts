import { onEveryStore } from '../../../kit/testing.js';
import { MemoryEndpointRepository } from './memory/memory-endpoint-repository.js';
import { MemoryPaymentRepository } from './memory/memory-payment-repository.js';
import { MemorySpendingRepository } from './memory/memory-spending-repository.js';
import { x402RepositoryContract } from './repository.contract.js';
import { x402Migrations } from './sql/migrations.js';
import { SqlEndpointRepository } from './sql/sql-endpoint-repository.js';
import { SqlPaymentRepository } from './sql/sql-payment-repository.js';
import { SqlSpendingRepository } from './sql/sql-spending-repository.js';

onEveryStore('x402', x402Migrations, (kind, open) =>
  x402RepositoryContract(`x402 repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { endpoints: new MemoryEndpointRepository(), payments: new MemoryPaymentRepository(), spending: new MemorySpendingRepository() };
      await store.truncateAll();
      return { endpoints: new SqlEndpointRepository(), payments: new SqlPaymentRepository(), spending: new SqlSpendingRepository() };
    },
  }).run(),
);
