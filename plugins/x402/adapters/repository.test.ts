import { onEveryStore } from '../../../kit/testing.js';
import { MemoryEndpointRepository } from './memory/memory-endpoint-repository.js';
import { MemoryPaymentRepository } from './memory/memory-payment-repository.js';
import { x402RepositoryContract } from './repository.contract.js';
import { x402Migrations } from './sql/migrations.js';
import { SqlEndpointRepository } from './sql/sql-endpoint-repository.js';
import { SqlPaymentRepository } from './sql/sql-payment-repository.js';

onEveryStore('x402', x402Migrations, (kind, open) =>
  x402RepositoryContract(`x402 repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { endpoints: new MemoryEndpointRepository(), payments: new MemoryPaymentRepository() };
      await store.truncateAll();
      return { endpoints: new SqlEndpointRepository(), payments: new SqlPaymentRepository() };
    },
  }).run(),
);
