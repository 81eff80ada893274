import { onEveryStore } from '../../../kit/testing.js';
import { MemoryPartnerRepository, MemoryTenantRepository } from './memory/memory-partner-repositories.js';
import { partnerRepositoryContract } from './repository.contract.js';
import { partnerMigrations } from './sql/migrations.js';
import { SqlPartnerRepository, SqlTenantRepository } from './sql/sql-partner-repositories.js';

onEveryStore('partner', partnerMigrations, (kind, open) =>
  partnerRepositoryContract(`partner repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { partners: new MemoryPartnerRepository(), tenants: new MemoryTenantRepository() };
      await store.truncateAll();
      return { partners: new SqlPartnerRepository(), tenants: new SqlTenantRepository() };
    },
  }).run(),
);
