import { onEveryStore } from '../../../kit/testing.js';
import { MemoryPartnerRepository, MemoryTenantRepository } from './memory/memory-partner-repositories.js';
import { MemorySdkPackageRepository } from './memory/memory-sdk-package-repository.js';
import { SqlSdkPackageRepository } from './sql/sql-sdk-package-repository.js';
import { MemoryWhitelabelRepository } from './memory/memory-whitelabel-repository.js';
import { SqlWhitelabelRepository } from './sql/sql-whitelabel-repository.js';
import { partnerRepositoryContract } from './repository.contract.js';
import { partnerMigrations } from './sql/migrations.js';
import { SqlPartnerRepository, SqlTenantRepository } from './sql/sql-partner-repositories.js';

onEveryStore('partner', partnerMigrations, (kind, open) =>
  partnerRepositoryContract(`partner repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') return { partners: new MemoryPartnerRepository(), tenants: new MemoryTenantRepository(), whitelabels: new MemoryWhitelabelRepository(), sdkPackages: new MemorySdkPackageRepository() };
      await store.truncateAll();
      return { partners: new SqlPartnerRepository(), tenants: new SqlTenantRepository(), whitelabels: new SqlWhitelabelRepository(), sdkPackages: new SqlSdkPackageRepository() };
    },
  }).run(),
);
