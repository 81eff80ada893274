import { onEveryStore } from '../../../kit/testing.js';
import { MemorySanctionsListRepository } from './memory/memory-sanctions-list-repository.js';
import { MemoryScreeningRepository } from './memory/memory-screening-repository.js';
import { MemoryMonitoringRepository } from './memory/memory-monitoring-repository.js';
import { SqlMonitoringRepository } from './sql/sql-monitoring-repository.js';
import { MemoryMicaCheckRepository, MemoryMicaRegistryRepository } from './memory/memory-mica-repositories.js';
import { SqlMicaCheckRepository, SqlMicaRegistryRepository } from './sql/sql-mica-repositories.js';
import { MemoryAuthorityInboxRepository, MemoryMifirReportRepository } from './memory/memory-mifir-repositories.js';
import { SqlAuthorityInboxRepository, SqlMifirReportRepository } from './sql/sql-mifir-repositories.js';
import { MemoryTravelRuleCheckRepository, MemoryTravelRuleSubmissionRepository } from './memory/memory-travel-rule-repositories.js';
import { SqlTravelRuleCheckRepository, SqlTravelRuleSubmissionRepository } from './sql/sql-travel-rule-repositories.js';
import { regtechRepositoryContract } from './repository.contract.js';
import { regtechMigrations } from './sql/migrations.js';
import { SqlSanctionsListRepository } from './sql/sql-sanctions-list-repository.js';
import { SqlScreeningRepository } from './sql/sql-screening-repository.js';

onEveryStore('regtech', regtechMigrations, (kind, open) =>
  regtechRepositoryContract(`regtech repositories: ${kind}`, {
    open,
    async reset(store) {
      if (store.family === 'memory') {
        return { lists: new MemorySanctionsListRepository(), screenings: new MemoryScreeningRepository(), checks: new MemoryTravelRuleCheckRepository(), submissions: new MemoryTravelRuleSubmissionRepository(), reports: new MemoryMifirReportRepository(), inbox: new MemoryAuthorityInboxRepository(), registry: new MemoryMicaRegistryRepository(), micaChecks: new MemoryMicaCheckRepository(), monitoring: new MemoryMonitoringRepository() };
      }
      await store.truncateAll();
      return { lists: new SqlSanctionsListRepository(), screenings: new SqlScreeningRepository(), checks: new SqlTravelRuleCheckRepository(), submissions: new SqlTravelRuleSubmissionRepository(), reports: new SqlMifirReportRepository(), inbox: new SqlAuthorityInboxRepository(), registry: new SqlMicaRegistryRepository(), micaChecks: new SqlMicaCheckRepository(), monitoring: new SqlMonitoringRepository() };
    },
  }).run(),
);
